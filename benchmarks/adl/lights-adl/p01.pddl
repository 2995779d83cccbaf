; Issue 17 benchmark problem: 4 rooms in a row, the last locked.
(define (problem lights-adl-p01)
  (:domain adl-conditions)
  (:objects r0 r1 r2 r3 - room s0 s1 s2 s3 - switch)
  (:init (in r0) (door r0 r1) (door r2 r1) (door r2 r3) (locked r3) (key-in r2) (switch-in s0 r0) (controls s0 r1) (switch-in s1 r1) (controls s1 r2) (switch-in s2 r2) (controls s2 r3) (switch-in s3 r3) (controls s3 r0))
  (:goal (and (party)
              (exists (?r - room) (and (in ?r) (locked ?r)))
              (forall (?r - room) (imply (lit ?r) (tidy ?r))))))
