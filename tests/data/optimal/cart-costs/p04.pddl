; Unsolvable in the delete relaxation too: no road reaches p3.
(define (problem cart-costs-p04)
  (:domain cart-costs)
  (:objects p1 p3 - place i1 - item)
  (:init (cart-at depot) (fuelled) (at i1 p1) (road depot p1) (road p1 depot)
         (= (road-length depot p1) 1) (= (road-length p1 depot) 1)
         (= (total-cost) 0))
  (:goal (at i1 p3))
  (:metric minimize (total-cost)))
