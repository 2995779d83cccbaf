; Spanner, written for the LazyLifted editor.
; A man walks down a one-way corridor, picks up spanners and tightens loose
; nuts at the gate; every spanner works once. Names, arities and order match
; the IPC 2023 learning-track spanner domain (pretrained models).
(define (domain spanner)
  (:requirements :strips :typing)
  (:types location locatable - object
          man nut spanner - locatable)
  (:predicates
    (at ?x - locatable ?l - location)
    (carrying ?m - man ?s - spanner)
    (usable ?s - spanner)
    (link ?from - location ?to - location)
    (tightened ?n - nut)
    (loose ?n - nut))

  (:action walk
    :parameters (?from - location ?to - location ?m - man)
    :precondition (and (at ?m ?from) (link ?from ?to))
    :effect (and (at ?m ?to) (not (at ?m ?from))))

  (:action pickup_spanner
    :parameters (?l - location ?s - spanner ?m - man)
    :precondition (and (at ?m ?l) (at ?s ?l))
    :effect (and (carrying ?m ?s) (not (at ?s ?l))))

  (:action tighten_nut
    :parameters (?l - location ?s - spanner ?m - man ?n - nut)
    :precondition (and (at ?m ?l) (at ?n ?l) (carrying ?m ?s) (usable ?s) (loose ?n))
    :effect (and (tightened ?n) (not (loose ?n)) (not (usable ?s)))))
