; One car, two locations.
(define (problem ferry-p01)
  (:domain ferry)
  (:objects c1 - car l1 l2 - location)
  (:init (at-ferry l1) (empty-ferry) (at c1 l1))
  (:goal (at c1 l2)))
