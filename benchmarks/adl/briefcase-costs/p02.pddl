; Issue 17 benchmark problem (briefcase-costs): 5 locations, 5 objects;
; distance = rounded Euclidean distance of random points; objects may be
; taken out at drop points only; the briefcase must end empty at l0.
(define (problem briefcase-costs-p02)
  (:domain briefcase-costs)
  (:objects l0 l1 l2 l3 l4 - location o0 o1 o2 o3 o4 - portable)
  (:init (is-at l0)
         (at o0 l0) (at o1 l0) (at o2 l2) (at o3 l4) (at o4 l2)
         (drop-point l0) (drop-point l1) (drop-point l3) (drop-point l4)
         (= (total-cost) 0)
         (= (distance l0 l1) 25) (= (distance l0 l2) 10) (= (distance l0 l3) 34) (= (distance l0 l4) 32)
         (= (distance l1 l0) 25) (= (distance l1 l2) 18) (= (distance l1 l3) 22) (= (distance l1 l4) 10)
         (= (distance l2 l0) 10) (= (distance l2 l1) 18) (= (distance l2 l3) 24) (= (distance l2 l4) 23)
         (= (distance l3 l0) 34) (= (distance l3 l1) 22) (= (distance l3 l2) 24) (= (distance l3 l4) 15)
         (= (distance l4 l0) 32) (= (distance l4 l1) 10) (= (distance l4 l2) 23) (= (distance l4 l3) 15))
  (:goal (and (at o0 l1) (at o1 l4) (at o2 l3) (at o3 l0) (at o4 l1) (is-at l0)
              (forall (?x - portable) (not (in ?x)))))
  (:metric minimize (total-cost)))
