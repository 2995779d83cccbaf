; Issue 17 benchmark problem: 4 balls, 2 grippers; a universal goal.
(define (problem gripper-adl-p01)
  (:domain gripper-adl)
  (:objects rooma roomb - room b0 b1 b2 b3 - ball g0 g1 - gripper)
  (:init (at-robby rooma) (at b0 rooma) (at b1 rooma) (at b2 rooma) (at b3 rooma) (free g0) (free g1))
  (:goal (forall (?b - ball) (at ?b roomb))))
