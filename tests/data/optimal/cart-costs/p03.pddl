; Unsolvable although its delete relaxation is not: the cart at p2 has fuel
; for one trip, the one-way road p2-p3 leads to a place without roads, and
; the goal wants i1 at p3 with fuel left (the relaxation never loses fuel).
(define (problem cart-costs-p03)
  (:domain cart-costs)
  (:objects p2 p3 - place i1 - item)
  (:init (cart-at p2) (fuelled) (at i1 p2) (road p2 p3) (road depot p2)
         (= (road-length p2 p3) 1) (= (road-length depot p2) 1)
         (= (total-cost) 0))
  (:goal (and (at i1 p3) (fuelled)))
  (:metric minimize (total-cost)))
