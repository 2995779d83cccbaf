; Deliveries on a road network with action costs (:action-costs): driving
; costs the road's length, loading the handling cost, unloading 1. The plan
; file ends with "; cost = N (general cost)", as Fast Downward writes it.
(define (domain roads)
  (:requirements :strips :typing :action-costs)
  (:types location vehicle package)
  (:predicates (road ?a ?b - location) (at ?v - vehicle ?l - location)
               (pkg-at ?p - package ?l - location) (in ?p - package ?v - vehicle))
  (:functions (total-cost) - number
              (road-length ?a ?b - location) (handling-cost) - number)
  (:action drive
    :parameters (?v - vehicle ?from ?to - location)
    :precondition (and (at ?v ?from) (road ?from ?to))
    :effect (and (not (at ?v ?from)) (at ?v ?to)
                 (increase (total-cost) (road-length ?from ?to))))
  (:action load
    :parameters (?p - package ?v - vehicle ?l - location)
    :precondition (and (at ?v ?l) (pkg-at ?p ?l))
    :effect (and (not (pkg-at ?p ?l)) (in ?p ?v) (increase (total-cost) (handling-cost))))
  (:action unload
    :parameters (?p - package ?v - vehicle ?l - location)
    :precondition (and (at ?v ?l) (in ?p ?v))
    :effect (and (not (in ?p ?v)) (pkg-at ?p ?l) (increase (total-cost) 1))))
