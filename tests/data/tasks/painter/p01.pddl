; Five cells in a row; the robot starts at c1 and must paint c3 and c5.
; Painting c2 (or c3 before reaching c4) strands it.
(define (problem painter-5)
  (:domain painter)
  (:objects c1 c2 c3 c4 c5 - cell)
  (:init (robot-at c1) (clear c2) (clear c3) (clear c4) (clear c5)
         (next c1 c2) (next c2 c1) (next c2 c3) (next c3 c2)
         (next c3 c4) (next c4 c3) (next c4 c5) (next c5 c4))
  (:goal (and (painted c3) (painted c5))))
