; An action that adds a derived atom: derived predicates follow from the
; axioms, never from effects.
(define (domain lamps)
  (:requirements :strips :derived-predicates)
  (:predicates (on ?l) (bright ?l))
  (:derived (bright ?l) (on ?l))
  (:action switch-on
    :parameters (?l)
    :precondition (and)
    :effect (and (on ?l) (bright ?l))))
