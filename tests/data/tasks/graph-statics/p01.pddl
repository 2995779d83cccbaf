; Three places in a row, two items; a static atom in the goal.
(define (problem graph-statics-p01)
  (:domain graph-statics)
  (:objects p1 p2 p3 - place i1 i2 - item)
  (:init (at p1) (free)
         (road p1 p2) (road p2 p1) (road p2 p3) (road p3 p2)
         (dark p2) (dark p3) (heavy i2)
         (item-at i1 p1) (item-at i2 p2))
  (:goal (and (item-at i1 p3) (visited p3) (road p1 p2))))
