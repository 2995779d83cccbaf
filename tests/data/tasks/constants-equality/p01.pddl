; Deliver p1 to the depot and move p2 from l1 to l2.
(define (problem mini-logistics-p01)
  (:domain mini-logistics)
  (:objects t1 - truck v1 - van p1 p2 - package l1 l2 - location)
  (:init (at t1 l1) (at v1 l2)
         (at p1 l2) (at p2 l1)
         (road l1 depot) (road depot l1)
         (road l2 depot) (road depot l2)
         (road l1 l1))  ; a self-loop that drive must not use
  (:goal (and (delivered p1) (at p2 l2))))
