; Two columns of four cells; rows 1 to 3 painted white, row 0 is the floor.
; One robot, on the floor.
(define (problem tiles-2x4)
  (:domain tiles)
  (:objects r1 - robot white - colour
            c01 c02 c11 c12 c21 c22 c31 c32 - cell)
  (:init (robot-at r1 c01) (holds r1 white)
         (clear c02) (clear c11) (clear c12) (clear c21) (clear c22) (clear c31) (clear c32)
         (above c11 c01) (above c21 c11) (above c31 c21)
         (above c12 c02) (above c22 c12) (above c32 c22)
         (beside c01 c02) (beside c02 c01) (beside c11 c12) (beside c12 c11)
         (beside c21 c22) (beside c22 c21) (beside c31 c32) (beside c32 c31))
  (:goal (and (painted c11 white) (painted c12 white)
              (painted c21 white) (painted c22 white)
              (painted c31 white) (painted c32 white))))
