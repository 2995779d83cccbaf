; A disjunctive goal: the key or a party (the party is impossible: s3 is missing).
(define (problem adl-conditions-p02)
  (:domain adl-conditions)
  (:objects r1 r2 - room s1 - switch)
  (:init (in r1) (door r2 r1) (key-in r2) (switch-in s1 r1) (controls s1 r1))
  (:goal (or (has-key) (and (party) (not (in r1))))))
