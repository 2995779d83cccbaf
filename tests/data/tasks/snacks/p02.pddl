; Three children at two tables, two allergic; two gluten-free breads and
; contents, one plain of each, three sandwiches.
(define (problem snacks-02) (:domain snacks)
  (:objects c1 c2 c3 - child b1 b2 b3 - bread n1 n2 n3 - content s1 s2 s3 - sandwich t1 - tray
            table1 table2 - place)
  (:init (at t1 kitchen) (at-kitchen-bread b1) (at-kitchen-bread b2) (at-kitchen-bread b3)
         (at-kitchen-content n1) (at-kitchen-content n2) (at-kitchen-content n3)
         (gf-bread b1) (gf-bread b2) (gf-content n1) (gf-content n2)
         (allergic c1) (allergic c2) (not-allergic c3)
         (waiting c1 table1) (waiting c2 table2) (waiting c3 table2)
         (notexist s1) (notexist s2) (notexist s3))
  (:goal (and (served c1) (served c2) (served c3))))
