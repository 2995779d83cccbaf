; Issue 17 benchmark problem: 7 rooms in a row, the last locked.
(define (problem lights-adl-p02)
  (:domain adl-conditions)
  (:objects r0 r1 r2 r3 r4 r5 r6 - room s0 s1 s2 s3 s4 s5 s6 - switch)
  (:init (in r0) (door r0 r1) (door r2 r1) (door r2 r3) (door r4 r3) (door r4 r5) (door r6 r5) (locked r6) (key-in r3) (switch-in s0 r0) (controls s0 r1) (switch-in s1 r1) (controls s1 r2) (switch-in s2 r2) (controls s2 r3) (switch-in s3 r3) (controls s3 r4) (switch-in s4 r4) (controls s4 r5) (switch-in s5 r5) (controls s5 r6) (switch-in s6 r6) (controls s6 r0))
  (:goal (and (party)
              (exists (?r - room) (and (in ?r) (locked ?r)))
              (forall (?r - room) (imply (lit ?r) (tidy ?r))))))
