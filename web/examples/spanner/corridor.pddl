; A corridor of five rooms leading to the gate; three loose nuts wait there.
(define (problem corridor)
  (:domain spanner)
  (:objects bob - man
            hall room1 room2 room3 gate - location
            wrench1 wrench2 wrench3 wrench4 - spanner
            nut1 nut2 nut3 - nut)
  (:init (at bob hall)
         (link hall room1) (link room1 room2) (link room2 room3) (link room3 gate)
         (at wrench1 room1) (usable wrench1)
         (at wrench2 room2) (usable wrench2)
         (at wrench3 room2) (usable wrench3)
         (at wrench4 room3) (usable wrench4)
         (at nut1 gate) (loose nut1)
         (at nut2 gate) (loose nut2)
         (at nut3 gate) (loose nut3))
  (:goal (and (tightened nut1) (tightened nut2) (tightened nut3))))
