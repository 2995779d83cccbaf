; Blocksworld with `clear` and `above` derived rather than maintained.
(define (domain blocksworld-derived)
  (:requirements :strips :typing :negative-preconditions :derived-predicates
                 :existential-preconditions :disjunctive-preconditions)
  (:types block)
  (:predicates (on ?x ?y - block) (ontable ?x - block) (holding ?x - block)
               (handempty) (clear ?x - block) (above ?x ?y - block))
  (:derived (clear ?x - block)
    (and (not (holding ?x)) (not (exists (?y - block) (on ?y ?x)))))
  (:derived (above ?x ?y - block)
    (or (on ?x ?y) (exists (?z - block) (and (on ?x ?z) (above ?z ?y)))))
  (:action pick-up
    :parameters (?x - block)
    :precondition (and (clear ?x) (ontable ?x) (handempty))
    :effect (and (not (ontable ?x)) (not (handempty)) (holding ?x)))
  (:action put-down
    :parameters (?x - block)
    :precondition (holding ?x)
    :effect (and (not (holding ?x)) (handempty) (ontable ?x)))
  (:action stack
    :parameters (?x ?y - block)
    :precondition (and (holding ?x) (clear ?y))
    :effect (and (not (holding ?x)) (handempty) (on ?x ?y)))
  (:action unstack
    :parameters (?x ?y - block)
    :precondition (and (on ?x ?y) (clear ?x) (handempty))
    :effect (and (holding ?x) (not (on ?x ?y)) (not (handempty)))))
