; A one-action domain; its problem's goal already holds initially.
(define (domain trivial)
  (:requirements :strips :typing)
  (:types item)
  (:predicates (done ?i - item) (ready ?i - item))
  (:action finish
    :parameters (?i - item)
    :precondition (ready ?i)
    :effect (done ?i)))
