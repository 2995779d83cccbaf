; c0 is the hub: x1 and x2 are side cells, g1 leads to the goal g2.
; hFF: c0 2, x1 3, x2 3, g1 1; the only helpful action in c0 is (move c0 g1).
(define (problem star-p01)
  (:domain star)
  (:objects c0 x1 x2 g1 g2)
  (:init (at c0)
         (adj c0 x1) (adj x1 c0) (adj c0 x2) (adj x2 c0)
         (adj c0 g1) (adj g1 c0) (adj g1 g2))
  (:goal (at g2)))
