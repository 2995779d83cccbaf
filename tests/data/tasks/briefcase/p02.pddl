; A universal goal: every portable at the office (compiled to a conjunction).
(define (problem briefcase-p02)
  (:domain briefcase)
  (:objects home office - location
            paper book pen - portable)
  (:init (is-at home) (at paper home) (at book home) (at pen office))
  (:goal (forall (?p - portable) (and (at ?p office) (not (in ?p))))))
