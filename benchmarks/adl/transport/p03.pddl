; Issue 17 benchmark problem (transport port): 7 locations, 9 two-way roads,
; 2 truck(s) of capacity 3, 3 package(s); road lengths are rounded distances.
; No :metric on purpose: the domain has action costs, but this problem is
; planned (and validated) with unit costs, as Fast Downward does.
(define (problem transport-p03)
 (:domain transport)
 (:objects
  city-loc-1 city-loc-2 city-loc-3 city-loc-4 city-loc-5 city-loc-6 city-loc-7 - location
  truck-1 truck-2 - vehicle
  package-1 package-2 package-3 - package
  capacity-0 capacity-1 capacity-2 capacity-3 - capacity-number)
 (:init
  (= (total-cost) 0)
  (capacity-predecessor capacity-0 capacity-1)
  (capacity-predecessor capacity-1 capacity-2)
  (capacity-predecessor capacity-2 capacity-3)
  (road city-loc-1 city-loc-2) (= (road-length city-loc-1 city-loc-2) 35)
  (road city-loc-2 city-loc-1) (= (road-length city-loc-2 city-loc-1) 35)
  (road city-loc-1 city-loc-3) (= (road-length city-loc-1 city-loc-3) 23)
  (road city-loc-3 city-loc-1) (= (road-length city-loc-3 city-loc-1) 23)
  (road city-loc-1 city-loc-6) (= (road-length city-loc-1 city-loc-6) 12)
  (road city-loc-6 city-loc-1) (= (road-length city-loc-6 city-loc-1) 12)
  (road city-loc-2 city-loc-4) (= (road-length city-loc-2 city-loc-4) 23)
  (road city-loc-4 city-loc-2) (= (road-length city-loc-4 city-loc-2) 23)
  (road city-loc-2 city-loc-5) (= (road-length city-loc-2 city-loc-5) 30)
  (road city-loc-5 city-loc-2) (= (road-length city-loc-5 city-loc-2) 30)
  (road city-loc-3 city-loc-5) (= (road-length city-loc-3 city-loc-5) 28)
  (road city-loc-5 city-loc-3) (= (road-length city-loc-5 city-loc-3) 28)
  (road city-loc-4 city-loc-5) (= (road-length city-loc-4 city-loc-5) 8)
  (road city-loc-5 city-loc-4) (= (road-length city-loc-5 city-loc-4) 8)
  (road city-loc-4 city-loc-6) (= (road-length city-loc-4 city-loc-6) 35)
  (road city-loc-6 city-loc-4) (= (road-length city-loc-6 city-loc-4) 35)
  (road city-loc-6 city-loc-7) (= (road-length city-loc-6 city-loc-7) 21)
  (road city-loc-7 city-loc-6) (= (road-length city-loc-7 city-loc-6) 21)
  (at package-1 city-loc-4)
  (at package-2 city-loc-1)
  (at package-3 city-loc-7)
  (at truck-1 city-loc-2) (capacity truck-1 capacity-3)
  (at truck-2 city-loc-7) (capacity truck-2 capacity-3)
  )
 (:goal (and
  (at package-1 city-loc-6)
  (at package-2 city-loc-6)
  (at package-3 city-loc-1)
  ))
)
