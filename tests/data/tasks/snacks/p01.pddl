; Two children at one table, one allergic; one gluten-free bread and content.
(define (problem snacks-01) (:domain snacks)
  (:objects c1 c2 - child b1 b2 - bread n1 n2 - content s1 s2 - sandwich t1 - tray table1 - place)
  (:init (at t1 kitchen) (at-kitchen-bread b1) (at-kitchen-bread b2) (at-kitchen-content n1)
         (at-kitchen-content n2) (gf-bread b1) (gf-content n1) (allergic c1) (not-allergic c2)
         (waiting c1 table1) (waiting c2 table1) (notexist s1) (notexist s2))
  (:goal (and (served c1) (served c2))))
