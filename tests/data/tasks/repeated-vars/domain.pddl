; Repeated variables inside one atom, and parameters that occur in no positive
; precondition (only in a negative one, or only through their type).
(define (domain repeated-vars)
  (:requirements :strips :typing :negative-preconditions)
  (:types node token)
  (:predicates (link ?a ?b - node)
               (at ?t - token ?n - node)
               (marked ?n - node)
               (visited ?n - node)
               (paired ?a ?b - node))

  (:action move
    :parameters (?t - token ?from ?to - node)
    :precondition (and (at ?t ?from) (link ?from ?to))
    :effect (and (at ?t ?to) (not (at ?t ?from))))

  ;; (link ?n ?n): the same variable twice in one atom.
  (:action mark-loop
    :parameters (?t - token ?n - node)
    :precondition (and (at ?t ?n) (link ?n ?n))
    :effect (marked ?n))

  ;; ?n occurs only in a negative precondition.
  (:action visit
    :parameters (?n - node)
    :precondition (not (visited ?n))
    :effect (visited ?n))

  ;; ?m occurs in no precondition: only its type constrains it.
  (:action pair
    :parameters (?n ?m - node)
    :precondition (marked ?n)
    :effect (paired ?n ?m)))
