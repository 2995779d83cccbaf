; Transitive reachability: a robot may jump to any node it can reach over
; unlocked corridors; locks open from either end's node.
(define (domain reachability)
  (:requirements :strips :typing :negative-preconditions :derived-predicates
                 :existential-preconditions)
  (:types node)
  (:predicates (at ?n - node) (corridor ?a ?b - node) (locked ?a ?b - node)
               (key-at ?n - node) (has-key) (reachable ?n - node))
  (:derived (reachable ?n - node) (at ?n))
  (:derived (reachable ?n - node)
    (exists (?m - node) (and (reachable ?m) (corridor ?m ?n) (not (locked ?m ?n)))))
  (:action jump
    :parameters (?from ?to - node)
    :precondition (and (at ?from) (reachable ?to))
    :effect (and (not (at ?from)) (at ?to)))
  (:action pick-key
    :parameters (?n - node)
    :precondition (and (at ?n) (key-at ?n))
    :effect (and (has-key) (not (key-at ?n))))
  (:action unlock
    :parameters (?a ?b - node)
    :precondition (and (at ?a) (has-key) (locked ?a ?b))
    :effect (and (not (locked ?a ?b)) (not (locked ?b ?a)))))
