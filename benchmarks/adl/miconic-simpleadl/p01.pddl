; Issue 17 benchmark problem (miconic-simpleadl port): 3 floors, 2 passengers.
(define (problem miconic-simpleadl-p01)
  (:domain miconic)
  (:objects p0 p1 - passenger
            f0 f1 f2 - floor)
  (:init
    (above f0 f1) (above f0 f2)
    (above f1 f2)
    (origin p0 f1) (destin p0 f0)
    (origin p1 f2) (destin p1 f0)
    (lift-at f0))
  (:goal (and (served p0) (served p1))))
