; Two objects at home go to the office and to the bank; the briefcase ends at home.
(define (problem briefcase-p01)
  (:domain briefcase)
  (:objects home office bank - location
            paper book - portable)
  (:init (is-at home) (at paper home) (at book home))
  (:goal (and (at paper office) (at book bank) (is-at home))))
