; Floortile: two robots on the top row of a 3x3 grid paint four tiles in a
; checkerboard pattern. Nobody may step on a painted tile, so the order of
; painting matters: many states are dead ends.
(define (problem checkerboard)
  (:domain floortile)
  (:objects t01 t02 t03 t11 t12 t13 t21 t22 t23 - tile
            r1 r2 - robot
            white black - color)
  (:init (robot-at r1 t21) (robot-has r1 black)
         (robot-at r2 t23) (robot-has r2 black)
         (available-color white) (available-color black)
         (clear t01) (clear t02) (clear t03) (clear t11) (clear t12) (clear t13) (clear t22)
         (up t11 t01) (down t01 t11) (up t12 t02) (down t02 t12) (up t13 t03) (down t03 t13)
         (up t21 t11) (down t11 t21) (up t22 t12) (down t12 t22) (up t23 t13) (down t13 t23)
         (right t02 t01) (left t01 t02) (right t03 t02) (left t02 t03)
         (right t12 t11) (left t11 t12) (right t13 t12) (left t12 t13)
         (right t22 t21) (left t21 t22) (right t23 t22) (left t22 t23))
  (:goal (and (painted t11 white) (painted t12 black) (painted t13 white)
              (painted t22 white))))
