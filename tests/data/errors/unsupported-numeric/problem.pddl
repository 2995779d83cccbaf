; The Sussman anomaly: C is on A; build A on B on C.
(define (problem bw-p01)
  (:domain blocksworld)
  (:objects a b c - block)
  (:init (on c a) (ontable a) (ontable b) (clear c) (clear b) (handempty))
  (:goal (and (on a b) (on b c))))
