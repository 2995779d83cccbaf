; Two parcels to d. A plan costs the lengths of the roads it drives plus 2
; per load and 1 per unload (the plan file ends with "; cost = N (general
; cost)"). The default search counts actions, as LAMA-first does
; (cost-type=one); the configuration "lama,cost-type=normal" lets its
; heuristic see the costs.
(define (problem roads-deliveries)
  (:domain roads)
  (:objects a b c d - location t - vehicle p q - package)
  (:init (at t a) (pkg-at p a) (pkg-at q b)
         (road a b) (road b a) (road b d) (road d b) (road a c) (road c a)
         (road c d) (road d c) (road a d) (road d a)
         (= (road-length a b) 7) (= (road-length b a) 7) (= (road-length b d) 7)
         (= (road-length d b) 7) (= (road-length a c) 2) (= (road-length c a) 2)
         (= (road-length c d) 3) (= (road-length d c) 3) (= (road-length a d) 20)
         (= (road-length d a) 20) (= (handling-cost) 2) (= (total-cost) 0))
  (:goal (and (pkg-at p d) (pkg-at q d)))
  (:metric minimize (total-cost)))
