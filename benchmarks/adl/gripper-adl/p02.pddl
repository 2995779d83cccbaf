; Issue 17 benchmark problem: 10 balls, 3 grippers; a universal goal.
(define (problem gripper-adl-p02)
  (:domain gripper-adl)
  (:objects rooma roomb - room b0 b1 b2 b3 b4 b5 b6 b7 b8 b9 - ball g0 g1 g2 - gripper)
  (:init (at-robby rooma) (at b0 rooma) (at b1 rooma) (at b2 rooma) (at b3 rooma) (at b4 rooma) (at b5 rooma) (at b6 rooma) (at b7 rooma) (at b8 rooma) (at b9 rooma) (free g0) (free g1) (free g2))
  (:goal (forall (?b - ball) (at ?b roomb))))
