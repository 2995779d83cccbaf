; Stratified negation: a thief may enter a room only when no guard sees it;
; a guard sees its own room, and the lit rooms next to it.
(define (domain stratified)
  (:requirements :strips :typing :negative-preconditions :derived-predicates
                 :existential-preconditions :disjunctive-preconditions)
  (:types room guard switch)
  (:predicates (thief-at ?r - room) (guard-at ?g - guard ?r - room)
               (adjacent ?a ?b - room) (switch-on ?s - switch)
               (controls ?s - switch ?r - room) (switch-in ?s - switch ?r - room)
               (lit ?r - room) (sees ?g - guard ?r - room) (unwatched ?r - room))
  (:derived (lit ?r - room)
    (exists (?s - switch) (and (switch-on ?s) (controls ?s ?r))))
  (:derived (sees ?g - guard ?r - room)
    (or (guard-at ?g ?r)
        (exists (?x - room) (and (guard-at ?g ?x) (adjacent ?x ?r) (lit ?r)))))
  (:derived (unwatched ?r - room)
    (not (exists (?g - guard) (sees ?g ?r))))
  (:action sneak
    :parameters (?from ?to - room)
    :precondition (and (thief-at ?from) (adjacent ?from ?to) (unwatched ?to))
    :effect (and (not (thief-at ?from)) (thief-at ?to)))
  (:action switch-off
    :parameters (?s - switch ?r - room)
    :precondition (and (thief-at ?r) (switch-in ?s ?r) (switch-on ?s))
    :effect (not (switch-on ?s))))
