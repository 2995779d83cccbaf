; Issue 17 benchmark problem: 2 cities, 3 locations each, 3 packages.
(define (problem logistics-adl-p01)
  (:domain logistics-adl)
  (:objects c0 c1 - city
            ap0 - airport
            l0-0 - location
            l0-1 - location
            t0 - truck
            ap1 - airport
            l1-0 - location
            l1-1 - location
            t1 - truck
            plane - airplane
            p0 - package
            p1 - package
            p2 - package)
  (:init (in-city ap0 c0)
         (in-city l0-0 c0)
         (in-city l0-1 c0)
         (road ap0 l0-0)
         (road l0-0 l0-1)
         (at t0 ap0)
         (in-city ap1 c1)
         (in-city l1-0 c1)
         (in-city l1-1 c1)
         (road ap1 l1-0)
         (road l1-0 l1-1)
         (at t1 l1-1)
         (at plane ap0)
         (at p0 ap0)
         (at p1 ap0)
         (at p2 ap1))
  (:goal (and (at p0 l0-1) (at p1 ap1) (at p2 ap1))))
