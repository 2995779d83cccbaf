; Bring i1 from p1 to p3 and i2 from p2 to the depot, both out of the cart,
; and leave the depot's cart elsewhere: a ring depot-p1-p2-p3 of short
; roads, direct roads depot-p3 (7) and p1-p3 (5), stations at p1 and p2;
; every trip away from the depot uses up the fuel.
(define (problem cart-costs-p01)
  (:domain cart-costs)
  (:objects p1 p2 p3 - place i1 i2 - item)
  (:init (cart-at depot) (fuelled) (at i1 p1) (at i2 p2)
         (road depot p1) (road p1 depot) (road p1 p2) (road p2 p1)
         (road p2 p3) (road p3 p2) (road depot p3) (road p3 depot)
         (road p1 p3) (road p3 p1) (station p1) (station p2)
         (= (road-length depot p1) 2) (= (road-length p1 depot) 2)
         (= (road-length p1 p2) 2) (= (road-length p2 p1) 2)
         (= (road-length p2 p3) 2) (= (road-length p3 p2) 2)
         (= (road-length depot p3) 7) (= (road-length p3 depot) 7)
         (= (road-length p1 p3) 5) (= (road-length p3 p1) 5)
         (= (total-cost) 0))
  (:goal (and (at i1 p3) (at i2 depot) (not (in i1)) (not (in i2))
              (not (cart-at depot))))
  (:metric minimize (total-cost)))
