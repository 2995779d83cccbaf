; A robot on a grid with action costs: moving costs 1, teleporting between
; two pads costs 5 (one step, but dearer than a detour), picking up a key
; costs nothing (no increase: cost 0 under the metric), unlocking costs 2.
(define (domain grid-costs)
  (:requirements :strips :typing :negative-preconditions :equality :action-costs)
  (:types cell key)
  (:predicates (at ?c - cell) (adj ?a ?b - cell) (pad ?c - cell) (open ?c - cell)
               (key-at ?k - key ?c - cell) (holding ?k - key) (lock-of ?k - key ?c - cell))
  (:functions (total-cost) - number)
  (:action move
    :parameters (?from ?to - cell)
    :precondition (and (at ?from) (adj ?from ?to) (open ?to))
    :effect (and (not (at ?from)) (at ?to) (increase (total-cost) 1)))
  (:action teleport
    :parameters (?from ?to - cell)
    :precondition (and (at ?from) (pad ?from) (pad ?to) (not (= ?from ?to)))
    :effect (and (not (at ?from)) (at ?to) (increase (total-cost) 5)))
  (:action pick
    :parameters (?k - key ?c - cell)
    :precondition (and (at ?c) (key-at ?k ?c))
    :effect (and (not (key-at ?k ?c)) (holding ?k)))
  (:action unlock
    :parameters (?k - key ?from ?to - cell)
    :precondition (and (at ?from) (adj ?from ?to) (holding ?k) (lock-of ?k ?to) (not (open ?to)))
    :effect (and (open ?to) (increase (total-cost) 2))))
