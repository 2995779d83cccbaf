; Issue 17 benchmark problem (briefcase-costs): 3 locations, 2 objects;
; distance = rounded Euclidean distance of random points; objects may be
; taken out at drop points only; the briefcase must end empty at l0.
(define (problem briefcase-costs-p01)
  (:domain briefcase-costs)
  (:objects l0 l1 l2 - location o0 o1 - portable)
  (:init (is-at l0)
         (at o0 l2) (at o1 l0)
         (drop-point l0) (drop-point l1) (drop-point l2)
         (= (total-cost) 0)
         (= (distance l0 l1) 9) (= (distance l0 l2) 16)
         (= (distance l1 l0) 9) (= (distance l1 l2) 22)
         (= (distance l2 l0) 16) (= (distance l2 l1) 22))
  (:goal (and (at o0 l0) (at o1 l1) (is-at l0)
              (forall (?x - portable) (not (in ?x)))))
  (:metric minimize (total-cost)))
