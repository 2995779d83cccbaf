; Airport-like taxiing: a plane may move to a segment only when no other
; plane stands on it and no occupied segment blocks it. The universal
; precondition over the segments has 3^|segments| alternatives in its
; disjunctive form: it is compiled into derived predicates, not split.
(define (domain airport-like)
  (:requirements :strips :typing :equality :negative-preconditions
                 :universal-preconditions :disjunctive-preconditions)
  (:types airplane segment)
  (:predicates (at ?a - airplane ?s - segment) (edge ?from ?to - segment)
               (blocks ?s ?t - segment) (occupied ?s - segment))
  (:action move
    :parameters (?a - airplane ?from ?to - segment)
    :precondition (and (at ?a ?from) (edge ?from ?to) (not (occupied ?to))
                       (forall (?s - segment)
                         (or (not (blocks ?s ?to)) (not (occupied ?s)) (= ?s ?from))))
    :effect (and (not (at ?a ?from)) (at ?a ?to) (not (occupied ?from)) (occupied ?to))))
