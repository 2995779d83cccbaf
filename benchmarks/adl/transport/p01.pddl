; Issue 17 benchmark problem (transport port): 5 locations, 6 two-way roads,
; 1 truck(s) of capacity 2, 2 package(s); road lengths are rounded distances.
(define (problem transport-p01)
 (:domain transport)
 (:objects
  city-loc-1 city-loc-2 city-loc-3 city-loc-4 city-loc-5 - location
  truck-1 - vehicle
  package-1 package-2 - package
  capacity-0 capacity-1 capacity-2 - capacity-number)
 (:init
  (= (total-cost) 0)
  (capacity-predecessor capacity-0 capacity-1)
  (capacity-predecessor capacity-1 capacity-2)
  (road city-loc-1 city-loc-2) (= (road-length city-loc-1 city-loc-2) 49)
  (road city-loc-2 city-loc-1) (= (road-length city-loc-2 city-loc-1) 49)
  (road city-loc-1 city-loc-4) (= (road-length city-loc-1 city-loc-4) 31)
  (road city-loc-4 city-loc-1) (= (road-length city-loc-4 city-loc-1) 31)
  (road city-loc-1 city-loc-5) (= (road-length city-loc-1 city-loc-5) 26)
  (road city-loc-5 city-loc-1) (= (road-length city-loc-5 city-loc-1) 26)
  (road city-loc-2 city-loc-3) (= (road-length city-loc-2 city-loc-3) 48)
  (road city-loc-3 city-loc-2) (= (road-length city-loc-3 city-loc-2) 48)
  (road city-loc-2 city-loc-5) (= (road-length city-loc-2 city-loc-5) 24)
  (road city-loc-5 city-loc-2) (= (road-length city-loc-5 city-loc-2) 24)
  (road city-loc-3 city-loc-4) (= (road-length city-loc-3 city-loc-4) 33)
  (road city-loc-4 city-loc-3) (= (road-length city-loc-4 city-loc-3) 33)
  (at package-1 city-loc-5)
  (at package-2 city-loc-4)
  (at truck-1 city-loc-4) (capacity truck-1 capacity-2)
  )
 (:goal (and
  (at package-1 city-loc-1)
  (at package-2 city-loc-2)
  ))
 (:metric minimize (total-cost))
)
