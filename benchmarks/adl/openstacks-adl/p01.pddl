; Issue 17 benchmark problem (openstacks-adl port): 3 orders, 3 products;
; each order includes one or two random products.
(define (problem openstacks-p01)
  (:domain openstacks-sequencedstrips-ADL)
  (:objects n0 n1 n2 n3 - count
            o1 o2 o3 - order
            p1 p2 p3 - product)
  (:init (next-count n0 n1) (next-count n1 n2) (next-count n2 n3)
         (stacks-avail n0)
         (waiting o1) (waiting o2) (waiting o3)
         (includes o1 p1) (includes o1 p2) (includes o2 p2) (includes o3 p2) (includes o3 p3)
         (= (total-cost) 0))
  (:goal (and (shipped o1) (shipped o2) (shipped o3)))
  (:metric minimize (total-cost)))
