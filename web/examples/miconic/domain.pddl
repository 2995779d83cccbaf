; Miconic, written for the LazyLifted editor.
; A lift serves passengers: each boards at their origin floor and leaves at
; their destination. Names, arities and order match the IPC 2023
; learning-track miconic domain (pretrained models).
(define (domain miconic)
  (:requirements :strips :typing)
  (:types passenger floor - object)
  (:predicates
    (origin ?p - passenger ?f - floor)   ; ?p waits at ?f (until boarding)
    (destin ?p - passenger ?f - floor)   ; ?p wants to go to ?f
    (above ?f1 - floor ?f2 - floor)      ; ?f2 is higher than ?f1
    (boarded ?p - passenger)
    (served ?p - passenger)
    (lift-at ?f - floor))

  (:action board
    :parameters (?f - floor ?p - passenger)
    :precondition (and (lift-at ?f) (origin ?p ?f))
    :effect (and (boarded ?p) (not (origin ?p ?f))))

  (:action depart
    :parameters (?f - floor ?p - passenger)
    :precondition (and (lift-at ?f) (destin ?p ?f) (boarded ?p))
    :effect (and (served ?p) (not (boarded ?p))))

  (:action up
    :parameters (?f1 - floor ?f2 - floor)
    :precondition (and (lift-at ?f1) (above ?f1 ?f2))
    :effect (and (lift-at ?f2) (not (lift-at ?f1))))

  (:action down
    :parameters (?f1 - floor ?f2 - floor)
    :precondition (and (lift-at ?f1) (above ?f2 ?f1))
    :effect (and (lift-at ?f2) (not (lift-at ?f1)))))
