; Issue 17 benchmark: gripper with ADL, hand-written. A robot with grippers
; carries balls between rooms; drop-all empties every gripper at once
; (universal conditional effect), pick needs an existing free gripper is
; expressed by its parameter, drop-all by an existential precondition.
(define (domain gripper-adl)
  (:requirements :adl)
  (:types room ball gripper)
  (:predicates (at-robby ?r - room) (at ?b - ball ?r - room)
               (free ?g - gripper) (carry ?b - ball ?g - gripper))
  (:action move
    :parameters (?from ?to - room)
    :precondition (and (at-robby ?from) (not (= ?from ?to)))
    :effect (and (at-robby ?to) (not (at-robby ?from))))
  (:action pick
    :parameters (?b - ball ?r - room ?g - gripper)
    :precondition (and (at ?b ?r) (at-robby ?r) (free ?g))
    :effect (and (carry ?b ?g) (not (at ?b ?r)) (not (free ?g))))
  (:action drop-all
    :parameters (?r - room)
    :precondition (and (at-robby ?r)
                       (exists (?b - ball ?g - gripper) (carry ?b ?g)))
    :effect (forall (?b - ball ?g - gripper)
              (when (carry ?b ?g)
                (and (at ?b ?r) (free ?g) (not (carry ?b ?g)))))))
