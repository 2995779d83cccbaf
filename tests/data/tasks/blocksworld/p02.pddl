; Reverse a tower of four blocks.
(define (problem bw-p02)
  (:domain blocksworld)
  (:objects a b c d - block)
  (:init (ontable a) (on b a) (on c b) (on d c) (clear d) (handempty))
  (:goal (and (on a b) (on b c) (on c d))))
