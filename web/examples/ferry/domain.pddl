; Ferry, written for the LazyLifted editor.
; A ferry carries one car at a time between locations. Names, arities and
; order match the IPC 2023 learning-track ferry domain (pretrained models).
(define (domain ferry)
  (:requirements :strips :typing :negative-preconditions)
  (:types car location - object)
  (:predicates
    (at-ferry ?l - location)        ; the ferry is moored at ?l
    (at ?c - car ?l - location)     ; car ?c waits at ?l
    (empty-ferry)                   ; no car on board
    (on ?c - car))                  ; car ?c is on board

  (:action sail
    :parameters (?from - location ?to - location)
    :precondition (and (at-ferry ?from) (not (at-ferry ?to)))
    :effect (and (at-ferry ?to) (not (at-ferry ?from))))

  (:action board
    :parameters (?c - car ?l - location)
    :precondition (and (at ?c ?l) (at-ferry ?l) (empty-ferry))
    :effect (and (on ?c) (not (at ?c ?l)) (not (empty-ferry))))

  (:action debark
    :parameters (?c - car ?l - location)
    :precondition (and (on ?c) (at-ferry ?l))
    :effect (and (at ?c ?l) (empty-ferry) (not (on ?c)))))
