; Six blocks in two towers, rearranged into two other towers.
(define (problem bw-p03)
  (:domain blocksworld)
  (:objects a b c d e f - block)
  (:init (ontable a) (on b a) (on c b) (clear c)
         (ontable d) (on e d) (on f e) (clear f)
         (handempty))
  (:goal (and (on a e) (on e c) (on d f) (on f b))))
