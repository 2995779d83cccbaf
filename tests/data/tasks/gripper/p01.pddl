; Two balls from rooma to roomb.
(define (problem gripper-p01)
  (:domain GRIPPER)
  (:objects RoomA RoomB - room
            Ball1 Ball2 - ball
            Left Right - gripper)
  (:init (at-robby rooma)
         (free left) (free right)
         (at ball1 rooma) (at ball2 rooma))
  (:goal (and (AT Ball1 RoomB) (at ball2 roomb))))
