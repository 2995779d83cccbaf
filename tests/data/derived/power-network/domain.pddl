; A PSR-like power network: breakers feed lines, closed devices pass power
; on; `fed` and `unsafe` are derived. Every action needs a safe network, so
; closing a breaker that would feed a fault is a dead end.
(define (domain power-network)
  (:requirements :strips :typing :negative-preconditions :derived-predicates
                 :existential-preconditions :universal-preconditions
                 :disjunctive-preconditions)
  (:types device line)
  (:predicates (closed ?d - device) (breaker ?d - device) (feeds ?d - device ?l - line)
               (connects ?d - device ?a ?b - line) (faulty ?l - line)
               (fed ?l - line) (unsafe))
  (:derived (fed ?l - line)
    (or (exists (?d - device) (and (breaker ?d) (closed ?d) (feeds ?d ?l)))
        (exists (?d - device ?m - line) (and (fed ?m) (connects ?d ?m ?l) (closed ?d)))))
  (:derived (unsafe) (exists (?l - line) (and (faulty ?l) (fed ?l))))
  (:action open
    :parameters (?d - device)
    :precondition (and (closed ?d) (not (unsafe)))
    :effect (not (closed ?d)))
  (:action close
    :parameters (?d - device)
    :precondition (and (not (closed ?d)) (not (unsafe)))
    :effect (closed ?d)))
