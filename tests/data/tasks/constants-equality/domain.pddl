; A tiny logistics-like domain exercising domain constants (depot), equality
; constraints, a three-level type hierarchy (truck < vehicle < locatable <
; object) declared children-first, and an (either ...) parameter type.
(define (domain mini-logistics)
  (:requirements :strips :typing :equality :negative-preconditions)
  (:types truck van - vehicle
          vehicle package - locatable
          locatable location)
  (:constants depot - location)
  (:predicates (at ?x - locatable ?l - location)
               (in ?p - package ?v - vehicle)
               (road ?from ?to - location)
               (delivered ?p - package))

  ;; Vehicles drive along roads, never to where they already are.
  (:action drive
    :parameters (?v - (either truck van) ?from ?to - location)
    :precondition (and (at ?v ?from) (road ?from ?to) (not (= ?from ?to)))
    :effect (and (at ?v ?to) (not (at ?v ?from))))

  (:action load
    :parameters (?p - package ?v - vehicle ?l - location)
    :precondition (and (at ?p ?l) (at ?v ?l))
    :effect (and (in ?p ?v) (not (at ?p ?l))))

  ;; Unloading at the depot is done by deliver, not by unload.
  (:action unload
    :parameters (?p - package ?v - vehicle ?l - location)
    :precondition (and (in ?p ?v) (at ?v ?l) (not (= ?l depot)))
    :effect (and (at ?p ?l) (not (in ?p ?v))))

  (:action deliver
    :parameters (?p - package ?v - vehicle)
    :precondition (and (in ?p ?v) (at ?v depot))
    :effect (and (at ?p depot) (delivered ?p) (not (in ?p ?v)))))
