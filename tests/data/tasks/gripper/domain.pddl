; Gripper (IPC 1998), typed. Written in mixed case on purpose: PDDL names are
; case-insensitive.
(DEFINE (DOMAIN Gripper)
  (:REQUIREMENTS :STRIPS :TYPING)
  (:TYPES Room Ball Gripper)
  (:PREDICATES (At-Robby ?r - Room)
               (At ?b - Ball ?r - Room)
               (Free ?g - Gripper)
               (Carry ?b - Ball ?g - Gripper))

  (:ACTION Move
    :PARAMETERS (?From ?To - Room)
    :PRECONDITION (At-Robby ?From)
    :EFFECT (AND (At-Robby ?To) (NOT (At-Robby ?From))))

  (:Action Pick
    :Parameters (?b - Ball ?r - Room ?g - Gripper)
    :Precondition (and (At ?b ?r) (At-Robby ?r) (Free ?g))
    :Effect (and (Carry ?b ?g) (not (At ?b ?r)) (not (Free ?g))))

  (:action drop
    :parameters (?b - ball ?r - room ?g - gripper)
    :precondition (and (carry ?b ?g) (at-robby ?r))
    :effect (and (at ?b ?r) (free ?g) (not (carry ?b ?g)))))
