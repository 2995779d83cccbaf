; Existential bodies the validator's re-derivation narrows by a known
; argument (core/validation/condition_check.cpp): a candidate of the wrong
; type (t1 is marked and linked from p1, but hit wants a place), sibling
; quantifiers, and a variable occurring twice (tag ?p ?b ?b).
(define (domain quantifiers)
  (:requirements :strips :typing :negative-preconditions :existential-preconditions
                 :derived-predicates)
  (:types place thing)
  (:predicates (link ?a ?b - object) (marked ?x - object) (tag ?p ?b ?c - place)
               (hit ?p - place) (pair-ok ?p - place))
  (:derived (hit ?p - place)
    (exists (?q - place) (and (link ?p ?q) (marked ?q))))
  (:derived (pair-ok ?p - place)
    (and (exists (?a - thing) (link ?p ?a))
         (exists (?b - place) (and (link ?b ?p) (tag ?p ?b ?b)))))
  (:action mark
    :parameters (?p - place)
    :precondition (not (marked ?p))
    :effect (marked ?p))
  (:action tag-it
    :parameters (?p ?b - place)
    :precondition (and (link ?b ?p) (hit ?b))
    :effect (tag ?p ?b ?b)))
