; Issue 17 benchmark problem (floortile port): 4 rows x 2 columns to paint in a
; chessboard pattern (row 0 is the unpainted start row), 2 robot(s).
(define (problem floortile-p02)
 (:domain floor-tile)
 (:objects tile_0-1 tile_0-2 tile_1-1 tile_1-2 tile_2-1 tile_2-2 tile_3-1 tile_3-2 tile_4-1 tile_4-2 - tile
   robot1 robot2 - robot
   white black - color)
 (:init
  (robot-at robot1 tile_0-2) (robot-has robot1 white)
  (robot-at robot2 tile_1-1) (robot-has robot2 black)
  (available-color white) (available-color black)
  (clear tile_0-1) (clear tile_1-2) (clear tile_2-1) (clear tile_2-2) (clear tile_3-1) (clear tile_3-2) (clear tile_4-1) (clear tile_4-2)
  (up tile_1-1 tile_0-1) (up tile_1-2 tile_0-2)
  (down tile_0-1 tile_1-1) (down tile_0-2 tile_1-2)
  (up tile_2-1 tile_1-1) (up tile_2-2 tile_1-2)
  (down tile_1-1 tile_2-1) (down tile_1-2 tile_2-2)
  (up tile_3-1 tile_2-1) (up tile_3-2 tile_2-2)
  (down tile_2-1 tile_3-1) (down tile_2-2 tile_3-2)
  (up tile_4-1 tile_3-1) (up tile_4-2 tile_3-2)
  (down tile_3-1 tile_4-1) (down tile_3-2 tile_4-2)
  (right tile_0-2 tile_0-1) (left tile_0-1 tile_0-2)
  (right tile_1-2 tile_1-1) (left tile_1-1 tile_1-2)
  (right tile_2-2 tile_2-1) (left tile_2-1 tile_2-2)
  (right tile_3-2 tile_3-1) (left tile_3-1 tile_3-2)
  (right tile_4-2 tile_4-1) (left tile_4-1 tile_4-2)
  (= (total-cost) 0))
 (:goal (and
  (painted tile_1-1 white) (painted tile_1-2 black)
  (painted tile_2-1 black) (painted tile_2-2 white)
  (painted tile_3-1 white) (painted tile_3-2 black)
  (painted tile_4-1 black) (painted tile_4-2 white)
  ))
 (:metric minimize (total-cost)))
