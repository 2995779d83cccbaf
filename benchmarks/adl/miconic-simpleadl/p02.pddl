; Issue 17 benchmark problem (miconic-simpleadl port): 6 floors, 4 passengers.
(define (problem miconic-simpleadl-p02)
  (:domain miconic)
  (:objects p0 p1 p2 p3 - passenger
            f0 f1 f2 f3 f4 f5 - floor)
  (:init
    (above f0 f1) (above f0 f2) (above f0 f3) (above f0 f4) (above f0 f5)
    (above f1 f2) (above f1 f3) (above f1 f4) (above f1 f5)
    (above f2 f3) (above f2 f4) (above f2 f5)
    (above f3 f4) (above f3 f5)
    (above f4 f5)
    (origin p0 f4) (destin p0 f1)
    (origin p1 f0) (destin p1 f1)
    (origin p2 f3) (destin p2 f2)
    (origin p3 f5) (destin p3 f2)
    (lift-at f0))
  (:goal (and (served p0) (served p1) (served p2) (served p3))))
