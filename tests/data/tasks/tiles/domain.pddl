; Robots paint the cell above or below the one they stand on, and never
; stand on a painted cell (floortile's mechanics). A column of goal cells
; can then only be painted top down: a cell painted before the one above it
; leaves that one paintable only from the painted cell. The delete
; relaxation does not see such dead ends (painting keeps `clear` there);
; the goal orders do (core/heuristics/landmarks/goal_orders.hpp).
(define (domain tiles)
  (:requirements :strips :typing)
  (:types robot cell colour)
  (:predicates (robot-at ?r - robot ?c - cell) (clear ?c - cell)
               (painted ?c - cell ?k - colour) (holds ?r - robot ?k - colour)
               (above ?a ?b - cell) (beside ?a ?b - cell))
  (:action switch-colour
    :parameters (?r - robot ?from ?to - colour)
    :precondition (holds ?r ?from)
    :effect (and (holds ?r ?to) (not (holds ?r ?from))))
  (:action paint-up
    :parameters (?r - robot ?c ?at - cell ?k - colour)
    :precondition (and (holds ?r ?k) (robot-at ?r ?at) (above ?c ?at) (clear ?c))
    :effect (and (painted ?c ?k) (not (clear ?c))))
  (:action paint-down
    :parameters (?r - robot ?c ?at - cell ?k - colour)
    :precondition (and (holds ?r ?k) (robot-at ?r ?at) (above ?at ?c) (clear ?c))
    :effect (and (painted ?c ?k) (not (clear ?c))))
  (:action move-up
    :parameters (?r - robot ?from ?to - cell)
    :precondition (and (robot-at ?r ?from) (above ?to ?from) (clear ?to))
    :effect (and (robot-at ?r ?to) (not (robot-at ?r ?from)) (clear ?from) (not (clear ?to))))
  (:action move-down
    :parameters (?r - robot ?from ?to - cell)
    :precondition (and (robot-at ?r ?from) (above ?from ?to) (clear ?to))
    :effect (and (robot-at ?r ?to) (not (robot-at ?r ?from)) (clear ?from) (not (clear ?to))))
  (:action move-aside
    :parameters (?r - robot ?from ?to - cell)
    :precondition (and (robot-at ?r ?from) (beside ?from ?to) (clear ?to))
    :effect (and (robot-at ?r ?to) (not (robot-at ?r ?from)) (clear ?from) (not (clear ?to)))))
