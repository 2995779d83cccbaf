; `quiet` depends on its own negation through `loud`: no stratification.
(define (domain noise)
  (:requirements :strips :derived-predicates :negative-preconditions)
  (:predicates (sound ?x) (loud ?x) (quiet ?x))
  (:derived (loud ?x) (and (sound ?x) (not (quiet ?x))))
  (:derived (quiet ?x) (not (loud ?x)))
  (:action ring
    :parameters (?x)
    :precondition (and)
    :effect (sound ?x)))
