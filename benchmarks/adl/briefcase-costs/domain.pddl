; Issue 17 benchmark: the briefcase world (Pednault 1989; the ADL example of
; the PDDL 1.2 manual and of the IPC 1998 "ADL" track), hand-written with
; action costs added: moving the briefcase costs the distance between the two
; locations (a static function) and moves everything inside it (a universal
; conditional effect); putting in and taking out cost 1. Taking out needs the
; briefcase at some location the object may be left at (an existential
; precondition).
; Requirements: :adl :action-costs (ADL and costs together; there is no IPC
; original with costs, the briefcase world is the classic ADL domain).
(define (domain briefcase-costs)
  (:requirements :adl :action-costs)
  (:types location portable)
  (:predicates (at ?y - portable ?x - location)
               (in ?x - portable)
               (is-at ?x - location)
               (drop-point ?x - location))
  (:functions (total-cost) - number
              (distance ?from ?to - location) - number)

  (:action move
    :parameters (?m ?l - location)
    :precondition (and (is-at ?m) (not (= ?m ?l)))
    :effect (and (is-at ?l) (not (is-at ?m))
                 (increase (total-cost) (distance ?m ?l))
                 (forall (?x - portable)
                   (when (in ?x)
                     (and (at ?x ?l) (not (at ?x ?m)))))))

  (:action take-out
    :parameters (?x - portable)
    :precondition (and (in ?x)
                       (exists (?l - location) (and (is-at ?l) (drop-point ?l))))
    :effect (and (not (in ?x)) (increase (total-cost) 1)))

  (:action put-in
    :parameters (?x - portable ?l - location)
    :precondition (and (not (in ?x)) (at ?x ?l) (is-at ?l))
    :effect (and (in ?x) (increase (total-cost) 1))))
