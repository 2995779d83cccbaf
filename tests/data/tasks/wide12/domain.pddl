;; Limits test task: one expansion that is enormous. Two actions with 12
;; parameters, each constrained only by the unary predicate (obj ?xi): over
;; 30 objects, every state has 2 x 30^12 (1e18) applicable ground actions.
;; The goal (and (a) (b)) is unreachable (flip deletes b, flop deletes a) but
;; relaxed-reachable, so no heuristic proves it: a planner must stop on its
;; time or memory limit, inside the first expansion or evaluation.
(define (domain wide12)
  (:requirements :strips :negative-preconditions)
  (:predicates (obj ?x) (a) (b))
  (:action flip
    :parameters (?x1 ?x2 ?x3 ?x4 ?x5 ?x6 ?x7 ?x8 ?x9 ?x10 ?x11 ?x12)
    :precondition (and (obj ?x1) (obj ?x2) (obj ?x3) (obj ?x4) (obj ?x5) (obj ?x6) (obj ?x7) (obj ?x8) (obj ?x9) (obj ?x10) (obj ?x11) (obj ?x12) (not (a)))
    :effect (and (a) (not (b))))
  (:action flop
    :parameters (?x1 ?x2 ?x3 ?x4 ?x5 ?x6 ?x7 ?x8 ?x9 ?x10 ?x11 ?x12)
    :precondition (and (obj ?x1) (obj ?x2) (obj ?x3) (obj ?x4) (obj ?x5) (obj ?x6) (obj ?x7) (obj ?x8) (obj ?x9) (obj ?x10) (obj ?x11) (obj ?x12) (not (b)))
    :effect (and (b) (not (a)))))
