; Blocksworld, written for the LazyLifted editor.
; One robot arm moves blocks between the table and towers. The predicate and
; action names, arities and order match the IPC 2023 learning-track domain,
; so the pretrained ipc23lt-blocksworld models apply.
(define (domain blocksworld)
  (:requirements :strips)
  (:predicates
    (clear ?x)          ; nothing is on ?x
    (on-table ?x)       ; ?x stands on the table
    (arm-empty)         ; the arm holds nothing
    (holding ?x)        ; the arm holds ?x
    (on ?x ?y))         ; ?x stands on ?y

  ; take a free block from the table
  (:action pickup
    :parameters (?b)
    :precondition (and (clear ?b) (on-table ?b) (arm-empty))
    :effect (and (holding ?b)
                 (not (clear ?b)) (not (on-table ?b)) (not (arm-empty))))

  ; put the held block on the table
  (:action putdown
    :parameters (?b)
    :precondition (holding ?b)
    :effect (and (on-table ?b) (clear ?b) (arm-empty)
                 (not (holding ?b))))

  ; put the held block ?b onto the free block ?below
  (:action stack
    :parameters (?b ?below)
    :precondition (and (holding ?b) (clear ?below))
    :effect (and (on ?b ?below) (clear ?b) (arm-empty)
                 (not (holding ?b)) (not (clear ?below))))

  ; lift the free block ?b off ?below
  (:action unstack
    :parameters (?b ?below)
    :precondition (and (on ?b ?below) (clear ?b) (arm-empty))
    :effect (and (holding ?b) (clear ?below)
                 (not (on ?b ?below)) (not (clear ?b)) (not (arm-empty)))))
