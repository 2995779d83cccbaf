; The direct road a-d is long (20); a-c-d is short (2 + 3). Cheapest plan:
; load, drive a c, drive c d, unload = 2 + 2 + 3 + 1 = 8.
(define (problem roads-p01)
  (:domain roads)
  (:objects a b c d - location t - vehicle p - package)
  (:init (at t a) (pkg-at p a)
         (road a b) (road b a) (road b d) (road d b) (road a c) (road c a)
         (road c d) (road d c) (road a d) (road d a)
         (= (road-length a b) 7) (= (road-length b a) 7) (= (road-length b d) 7)
         (= (road-length d b) 7) (= (road-length a c) 2) (= (road-length c a) 2)
         (= (road-length c d) 3) (= (road-length d c) 3) (= (road-length a d) 20)
         (= (road-length d a) 20) (= (handling-cost) 2) (= (total-cost) 0))
  (:goal (pkg-at p d))
  (:metric minimize (total-cost)))
