; A precondition whose disjunctive normal form has 10^4 alternatives (4
; groups, 10 marks each): compiled into a derived predicate, not split.
(define (domain wide-dnf)
  (:requirements :strips :typing :negative-preconditions :universal-preconditions
                 :disjunctive-preconditions)
  (:types group)
  (:predicates (mark1 ?g - group) (mark2 ?g - group) (mark3 ?g - group) (mark4 ?g - group) (mark5 ?g - group) (mark6 ?g - group) (mark7 ?g - group) (mark8 ?g - group) (mark9 ?g - group) (mark10 ?g - group) (pen1) (pen2) (pen3) (pen4) (pen5) (pen6) (pen7) (pen8) (pen9) (pen10) (done))
  (:action set-mark1
    :parameters (?g - group)
    :precondition (and (pen1) (not (done)))
    :effect (mark1 ?g))
  (:action set-mark2
    :parameters (?g - group)
    :precondition (and (pen2) (not (done)))
    :effect (mark2 ?g))
  (:action set-mark3
    :parameters (?g - group)
    :precondition (and (pen3) (not (done)))
    :effect (mark3 ?g))
  (:action set-mark4
    :parameters (?g - group)
    :precondition (and (pen4) (not (done)))
    :effect (mark4 ?g))
  (:action set-mark5
    :parameters (?g - group)
    :precondition (and (pen5) (not (done)))
    :effect (mark5 ?g))
  (:action set-mark6
    :parameters (?g - group)
    :precondition (and (pen6) (not (done)))
    :effect (mark6 ?g))
  (:action set-mark7
    :parameters (?g - group)
    :precondition (and (pen7) (not (done)))
    :effect (mark7 ?g))
  (:action set-mark8
    :parameters (?g - group)
    :precondition (and (pen8) (not (done)))
    :effect (mark8 ?g))
  (:action set-mark9
    :parameters (?g - group)
    :precondition (and (pen9) (not (done)))
    :effect (mark9 ?g))
  (:action set-mark10
    :parameters (?g - group)
    :precondition (and (pen10) (not (done)))
    :effect (mark10 ?g))
  (:action finish
    :parameters ()
    :precondition (forall (?g - group) (or (mark1 ?g) (mark2 ?g) (mark3 ?g) (mark4 ?g) (mark5 ?g) (mark6 ?g) (mark7 ?g) (mark8 ?g) (mark9 ?g) (mark10 ?g)))
    :effect (done)))
