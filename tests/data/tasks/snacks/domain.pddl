; Snacks: childsnack's mechanics (sandwiches made in the kitchen, carried on
; trays, served to waiting children; allergic children need gluten-free
; ones). A plain sandwich made with a gluten-free portion wastes it, and with
; the gluten-free portions counted out exactly that is a dead end the delete
; relaxation does not see (tests/unit/counting_dead_ends_test.cpp).
(define (domain snacks)
  (:requirements :typing :negative-preconditions)
  (:types child bread content sandwich tray place)
  (:constants kitchen - place)
  (:predicates (at-kitchen-bread ?b - bread) (at-kitchen-content ?c - content)
               (at-kitchen-sandwich ?s - sandwich) (gf-bread ?b - bread)
               (gf-content ?c - content) (on-tray ?s - sandwich ?t - tray)
               (gf-sandwich ?s - sandwich) (allergic ?c - child) (not-allergic ?c - child)
               (served ?c - child) (waiting ?c - child ?p - place) (at ?t - tray ?p - place)
               (notexist ?s - sandwich))
  (:action make-gf-sandwich
    :parameters (?s - sandwich ?b - bread ?c - content)
    :precondition (and (at-kitchen-bread ?b) (at-kitchen-content ?c) (gf-bread ?b)
                       (gf-content ?c) (notexist ?s))
    :effect (and (not (at-kitchen-bread ?b)) (not (at-kitchen-content ?c))
                 (at-kitchen-sandwich ?s) (gf-sandwich ?s) (not (notexist ?s))))
  (:action make-sandwich
    :parameters (?s - sandwich ?b - bread ?c - content)
    :precondition (and (at-kitchen-bread ?b) (at-kitchen-content ?c) (notexist ?s))
    :effect (and (not (at-kitchen-bread ?b)) (not (at-kitchen-content ?c))
                 (at-kitchen-sandwich ?s) (not (notexist ?s))))
  (:action put-on-tray
    :parameters (?s - sandwich ?t - tray)
    :precondition (and (at-kitchen-sandwich ?s) (at ?t kitchen))
    :effect (and (not (at-kitchen-sandwich ?s)) (on-tray ?s ?t)))
  (:action serve-gf-sandwich
    :parameters (?s - sandwich ?c - child ?t - tray ?p - place)
    :precondition (and (allergic ?c) (on-tray ?s ?t) (waiting ?c ?p) (gf-sandwich ?s) (at ?t ?p))
    :effect (and (not (on-tray ?s ?t)) (served ?c)))
  (:action serve-sandwich
    :parameters (?s - sandwich ?c - child ?t - tray ?p - place)
    :precondition (and (not-allergic ?c) (waiting ?c ?p) (on-tray ?s ?t) (at ?t ?p))
    :effect (and (not (on-tray ?s ?t)) (served ?c)))
  (:action move-tray
    :parameters (?t - tray ?p1 ?p2 - place)
    :precondition (and (at ?t ?p1) (not (at ?t ?p2)))
    :effect (and (not (at ?t ?p1)) (at ?t ?p2))))
