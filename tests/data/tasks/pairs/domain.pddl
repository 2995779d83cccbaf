; Nodes linked in pairs by a fluent, symmetric relation: atoms that name two
; objects a state cannot tell apart (tests/unit/object_symmetry_test.cpp).
(define (domain pairs)
  (:requirements :strips :typing)
  (:types node)
  (:predicates (linked ?x ?y - node) (free ?x - node) (done))
  (:action unlink
    :parameters (?x ?y - node)
    :precondition (and (linked ?x ?y) (linked ?y ?x))
    :effect (and (not (linked ?x ?y)) (not (linked ?y ?x)) (free ?x) (free ?y)))
  (:action link
    :parameters (?x ?y - node)
    :precondition (and (free ?x) (free ?y))
    :effect (and (linked ?x ?y) (linked ?y ?x) (not (free ?x)) (not (free ?y))))
  (:action finish
    :parameters (?x - node)
    :precondition (free ?x)
    :effect (done)))
