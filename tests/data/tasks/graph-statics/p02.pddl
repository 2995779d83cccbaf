; Objects declared in another order, a dark place that is also the start.
(define (problem graph-statics-p02)
  (:domain graph-statics)
  (:objects i1 - item q1 q2 - place)
  (:init (at q1) (free) (road q1 q2) (road q2 q1) (dark q1) (item-at i1 q2))
  (:goal (and (item-at i1 q1) (visited q2))))
