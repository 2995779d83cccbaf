; A small courier domain for the graph-builder tests: two unary static
; predicates (dark, heavy) colour the objects, a binary static one (road)
; must never become a node.
(define (domain graph-statics)
  (:requirements :strips :typing)
  (:types place item)
  (:predicates (at ?p - place)
               (road ?from ?to - place)
               (dark ?p - place)
               (heavy ?i - item)
               (item-at ?i - item ?p - place)
               (carrying ?i - item)
               (visited ?p - place)
               (free))

  (:action move
    :parameters (?from ?to - place)
    :precondition (and (at ?from) (road ?from ?to))
    :effect (and (not (at ?from)) (at ?to) (visited ?to)))

  (:action pick
    :parameters (?i - item ?p - place)
    :precondition (and (at ?p) (item-at ?i ?p) (free))
    :effect (and (carrying ?i) (not (item-at ?i ?p)) (not (free))))

  (:action drop
    :parameters (?i - item ?p - place)
    :precondition (and (at ?p) (carrying ?i))
    :effect (and (item-at ?i ?p) (free) (not (carrying ?i)))))
