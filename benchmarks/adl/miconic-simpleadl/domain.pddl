; Issue 17 benchmark: hand-written port of the IPC 2000 "miconic" elevator
; domain, simple-ADL track: one "stop" action lets every boarded passenger
; whose destination is this floor leave, and every waiting passenger of this
; floor board (two universal conditional effects, one with a negative
; condition). No action costs.
; Requirements as the original: :adl :typing (it uses only conditional
; effects and negative conditions of :adl).
(define (domain miconic)
  (:requirements :adl :typing)
  (:types passenger - object
          floor - object)
  (:predicates (origin ?person - passenger ?floor - floor)
               (destin ?person - passenger ?floor - floor)
               (above ?floor1 - floor ?floor2 - floor)
               (boarded ?person - passenger)
               (served ?person - passenger)
               (lift-at ?floor - floor))

  (:action stop
    :parameters (?f - floor)
    :precondition (lift-at ?f)
    :effect (and (forall (?p - passenger)
                   (when (and (boarded ?p) (destin ?p ?f))
                     (and (not (boarded ?p)) (served ?p))))
                 (forall (?p - passenger)
                   (when (and (origin ?p ?f) (not (served ?p)))
                     (boarded ?p)))))

  (:action up
    :parameters (?f1 - floor ?f2 - floor)
    :precondition (and (lift-at ?f1) (above ?f1 ?f2))
    :effect (and (lift-at ?f2) (not (lift-at ?f1))))

  (:action down
    :parameters (?f1 - floor ?f2 - floor)
    :precondition (and (lift-at ?f1) (above ?f2 ?f1))
    :effect (and (lift-at ?f2) (not (lift-at ?f1)))))
