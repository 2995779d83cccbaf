; A one-robot floortile: painting a cell blocks it for good, so painting the
; wrong cell first strands the robot (dead ends that the delete relaxation
; detects: nothing makes a painted cell clear again).
(define (domain painter)
  (:requirements :strips :typing)
  (:types cell)
  (:predicates (robot-at ?c - cell) (clear ?c - cell) (painted ?c - cell)
               (next ?a ?b - cell))
  (:action move
    :parameters (?from ?to - cell)
    :precondition (and (robot-at ?from) (next ?from ?to) (clear ?to))
    :effect (and (robot-at ?to) (not (robot-at ?from)) (clear ?from) (not (clear ?to))))
  (:action paint
    :parameters (?from ?c - cell)
    :precondition (and (robot-at ?from) (next ?from ?c) (clear ?c))
    :effect (and (painted ?c) (not (clear ?c)))))
