; Nullary predicates and parameterless actions. There is deliberately no
; :requirements section (the front end then assumes strips, typing,
; negative-preconditions and equality).
(define (domain light-switch)
  (:predicates (switch-reachable) (light-on) (door-open) (in-room))

  ;; No :parameters and no :precondition at all.
  (:action reach
    :effect (switch-reachable))

  (:action flip-on
    :parameters ()
    :precondition (and (switch-reachable) (not (light-on)))
    :effect (light-on))

  (:action flip-off
    :parameters ()
    :precondition (light-on)
    :effect (not (light-on)))

  (:action open-door
    :parameters ()
    :precondition (light-on)
    :effect (and (door-open)))

  (:action enter
    :parameters ()
    :precondition (and (door-open) (light-on))
    :effect (and (in-room))))
