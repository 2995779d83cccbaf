; Issue 17 benchmark problem: 20 balls, 4 grippers; a universal goal.
(define (problem gripper-adl-p03)
  (:domain gripper-adl)
  (:objects rooma roomb - room b0 b1 b2 b3 b4 b5 b6 b7 b8 b9 b10 b11 b12 b13 b14 b15 b16 b17 b18 b19 - ball g0 g1 g2 g3 - gripper)
  (:init (at-robby rooma) (at b0 rooma) (at b1 rooma) (at b2 rooma) (at b3 rooma) (at b4 rooma) (at b5 rooma) (at b6 rooma) (at b7 rooma) (at b8 rooma) (at b9 rooma) (at b10 rooma) (at b11 rooma) (at b12 rooma) (at b13 rooma) (at b14 rooma) (at b15 rooma) (at b16 rooma) (at b17 rooma) (at b18 rooma) (at b19 rooma) (free g0) (free g1) (free g2) (free g3))
  (:goal (forall (?b - ball) (at ?b roomb))))
