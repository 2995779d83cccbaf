; ADL test task: or, imply, exists, forall and not over a conjunction in
; preconditions, a when with a disjunctive condition, and ADL goals.
(define (domain adl-conditions)
  (:requirements :adl)
  (:types room switch)
  (:predicates (in ?r - room) (door ?a ?b - room) (locked ?r - room)
               (has-key) (key-in ?r - room) (lit ?r - room)
               (controls ?s - switch ?r - room) (switch-in ?s - switch ?r - room)
               (party) (tidy ?r - room))
  ; doors are one-way in the data: either direction lets you pass; a locked
  ; room needs the key.
  (:action go
    :parameters (?from ?to - room)
    :precondition (and (in ?from) (or (door ?from ?to) (door ?to ?from))
                       (imply (locked ?to) (has-key)))
    :effect (and (in ?to) (not (in ?from))))
  (:action pick-key
    :parameters (?r - room)
    :precondition (and (in ?r) (key-in ?r))
    :effect (and (has-key) (not (key-in ?r))))
  ; any switch in the current room that controls ?r turns it on
  (:action flip
    :parameters (?r - room)
    :precondition (and (not (lit ?r))
                       (exists (?s - switch ?h - room)
                         (and (in ?h) (switch-in ?s ?h) (controls ?s ?r))))
    :effect (lit ?r))
  ; a party needs every room lit, and not (locked here and no key)
  (:action start-party
    :parameters (?r - room)
    :precondition (and (in ?r) (forall (?x - room) (lit ?x))
                       (not (and (locked ?r) (not (has-key)))))
    :effect (party))
  ; tidying a room tidies every room that is lit or has the key lying in it
  (:action tidy-up
    :parameters (?r - room)
    :precondition (in ?r)
    :effect (and (tidy ?r)
                 (forall (?x - room) (when (or (lit ?x) (key-in ?x)) (tidy ?x))))))
