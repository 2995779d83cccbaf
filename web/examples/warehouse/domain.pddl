; Warehouse, written for the LazyLifted editor.
; Boxes stand in stacks on a few bases. Remove exactly the boxes marked for
; removal; a box can be moved or removed only from the top of its stack.
; Names, arities and order match the warehouse domain of the hbf benchmark
; set (pretrained hbf-warehouse models).
(define (domain warehouse)
  (:requirements :strips :typing :equality :negative-preconditions)
  (:types box base)
  (:predicates
    (on ?b1 - box ?b2 - box)          ; ?b1 stands on ?b2
    (on-base ?b - box ?base - base)   ; ?b stands directly on ?base
    (clear ?b - box)                  ; nothing on ?b
    (clear-base ?b - base)            ; the base is empty
    (to-remove ?b - box)
    (removed ?b - box))

  (:action move                       ; from a box onto another box
    :parameters (?b ?from ?to - box)
    :precondition (and (clear ?b) (on ?b ?from) (clear ?to) (not (= ?to ?b)))
    :effect (and (on ?b ?to) (not (clear ?to)) (clear ?from) (not (on ?b ?from))))

  (:action move-to-new-base           ; from a box onto an empty base
    :parameters (?b ?from - box ?to - base)
    :precondition (and (clear ?b) (on ?b ?from) (clear-base ?to))
    :effect (and (on-base ?b ?to) (not (clear-base ?to)) (clear ?from) (not (on ?b ?from))))

  (:action move-from-base             ; from a base onto a box
    :parameters (?b - box ?from - base ?to - box)
    :precondition (and (clear ?b) (on-base ?b ?from) (clear ?to) (not (= ?to ?b)))
    :effect (and (on ?b ?to) (not (clear ?to)) (clear-base ?from) (not (on-base ?b ?from))))

  (:action move-between-base          ; from a base onto an empty base
    :parameters (?b - box ?from ?to - base)
    :precondition (and (clear ?b) (on-base ?b ?from) (clear-base ?to))
    :effect (and (on-base ?b ?to) (not (clear-base ?to)) (clear-base ?from) (not (on-base ?b ?from))))

  (:action remove                     ; take a marked box off another box
    :parameters (?b ?under - box)
    :precondition (and (to-remove ?b) (on ?b ?under) (clear ?b))
    :effect (and (removed ?b) (clear ?under) (not (on ?b ?under)) (not (clear ?b))))

  (:action remove-from-base           ; take a marked box off its base
    :parameters (?b - box ?base - base)
    :precondition (and (to-remove ?b) (on-base ?b ?base) (clear ?b))
    :effect (and (removed ?b) (clear-base ?base) (not (on-base ?b ?base)) (not (clear ?b)))))
