; A 2x3 grid whose exit c23 is locked; the key lies at c13 (picking it up
; is free). The only pad is c11, so teleporting is never possible.
(define (problem grid-costs-p02)
  (:domain grid-costs)
  (:objects c11 c12 c13 c21 c22 c23 - cell k - key)
  (:init (at c11) (pad c11) (key-at k c13) (lock-of k c23)
         (open c11) (open c12) (open c13) (open c21) (open c22)
         (adj c11 c12) (adj c12 c11) (adj c12 c13) (adj c13 c12)
         (adj c21 c22) (adj c22 c21) (adj c22 c23) (adj c23 c22)
         (adj c11 c21) (adj c21 c11) (adj c12 c22) (adj c22 c12)
         (adj c13 c23) (adj c23 c13)
         (= (total-cost) 0))
  (:goal (and (at c23) (holding k)))
  (:metric minimize (total-cost)))
