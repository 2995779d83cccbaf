; Two columns of three cells, rows 1 and 2 painted; two robots, one of them
; on a goal cell of the top row.
(define (problem tiles-2x3)
  (:domain tiles)
  (:objects r1 r2 - robot white black - colour c01 c02 c11 c12 c21 c22 - cell)
  (:init (robot-at r1 c01) (holds r1 white) (robot-at r2 c22) (holds r2 black)
         (clear c02) (clear c11) (clear c12) (clear c21)
         (above c11 c01) (above c21 c11) (above c12 c02) (above c22 c12)
         (beside c01 c02) (beside c02 c01) (beside c11 c12) (beside c12 c11)
         (beside c21 c22) (beside c22 c21))
  (:goal (and (painted c11 white) (painted c12 black)
              (painted c21 black) (painted c22 white))))
