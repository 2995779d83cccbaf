; Two bases, seven boxes; ship (remove) the three that are marked.
(define (problem dispatch)
  (:domain warehouse)
  (:objects crate1 crate2 crate3 crate4 crate5 crate6 crate7 - box
            dock1 dock2 dock3 - base)
  (:init (on-base crate1 dock1) (on crate2 crate1) (on crate3 crate2) (on crate4 crate3) (clear crate4)
         (on-base crate5 dock2) (on crate6 crate5) (on crate7 crate6) (clear crate7)
         (clear-base dock3)
         (to-remove crate2) (to-remove crate5) (to-remove crate6))
  (:goal (and (removed crate2) (removed crate5) (removed crate6))))
