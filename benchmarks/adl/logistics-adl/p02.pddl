; Issue 17 benchmark problem: 3 cities, 4 locations each, 6 packages.
(define (problem logistics-adl-p02)
  (:domain logistics-adl)
  (:objects c0 c1 c2 - city
            ap0 - airport
            l0-0 - location
            l0-1 - location
            l0-2 - location
            t0 - truck
            ap1 - airport
            l1-0 - location
            l1-1 - location
            l1-2 - location
            t1 - truck
            ap2 - airport
            l2-0 - location
            l2-1 - location
            l2-2 - location
            t2 - truck
            plane - airplane
            p0 - package
            p1 - package
            p2 - package
            p3 - package
            p4 - package
            p5 - package)
  (:init (in-city ap0 c0)
         (in-city l0-0 c0)
         (in-city l0-1 c0)
         (in-city l0-2 c0)
         (road ap0 l0-0)
         (road l0-0 l0-1)
         (road l0-1 l0-2)
         (at t0 ap0)
         (in-city ap1 c1)
         (in-city l1-0 c1)
         (in-city l1-1 c1)
         (in-city l1-2 c1)
         (road ap1 l1-0)
         (road l1-0 l1-1)
         (road l1-1 l1-2)
         (at t1 ap1)
         (in-city ap2 c2)
         (in-city l2-0 c2)
         (in-city l2-1 c2)
         (in-city l2-2 c2)
         (road ap2 l2-0)
         (road l2-0 l2-1)
         (road l2-1 l2-2)
         (at t2 ap2)
         (at plane ap0)
         (at p0 l1-0)
         (at p1 l2-2)
         (at p2 ap1)
         (at p3 l2-0)
         (at p4 l2-0)
         (at p5 l2-0))
  (:goal (and (at p0 l0-1) (at p1 l2-1) (at p2 ap1) (at p3 l0-2) (at p4 ap0) (at p5 l2-1))))
