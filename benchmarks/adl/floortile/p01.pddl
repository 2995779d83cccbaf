; Issue 17 benchmark problem (floortile port): 2 rows x 2 columns to paint in a
; chessboard pattern (row 0 is the unpainted start row), 1 robot(s).
(define (problem floortile-p01)
 (:domain floor-tile)
 (:objects tile_0-1 tile_0-2 tile_1-1 tile_1-2 tile_2-1 tile_2-2 - tile
   robot1 - robot
   white black - color)
 (:init
  (robot-at robot1 tile_0-2) (robot-has robot1 white)
  (available-color white) (available-color black)
  (clear tile_0-1) (clear tile_1-1) (clear tile_1-2) (clear tile_2-1) (clear tile_2-2)
  (up tile_1-1 tile_0-1) (up tile_1-2 tile_0-2)
  (down tile_0-1 tile_1-1) (down tile_0-2 tile_1-2)
  (up tile_2-1 tile_1-1) (up tile_2-2 tile_1-2)
  (down tile_1-1 tile_2-1) (down tile_1-2 tile_2-2)
  (right tile_0-2 tile_0-1) (left tile_0-1 tile_0-2)
  (right tile_1-2 tile_1-1) (left tile_1-1 tile_1-2)
  (right tile_2-2 tile_2-1) (left tile_2-1 tile_2-2)
  (= (total-cost) 0))
 (:goal (and
  (painted tile_1-1 white) (painted tile_1-2 black)
  (painted tile_2-1 black) (painted tile_2-2 white)
  ))
 (:metric minimize (total-cost)))
