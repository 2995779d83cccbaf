; Two cars, three locations; the ferry must end at l1.
(define (problem ferry-p02)
  (:domain ferry)
  (:objects c1 c2 - car l1 l2 l3 - location)
  (:init (at-ferry l1) (empty-ferry) (at c1 l2) (at c2 l3))
  (:goal (and (at c1 l3) (at c2 l2) (at-ferry l1))))
