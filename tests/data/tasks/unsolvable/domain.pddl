; Rooms, doors and keys. Small, finite reachable state spaces whose goals can
; never be reached.
(define (domain locks)
  (:requirements :strips :typing :negative-preconditions)
  (:types room key door)
  (:predicates (at ?r - room)
               (key-in ?k - key ?r - room)
               (has ?k - key)
               (fits ?k - key ?d - door)
               (connects ?d - door ?from ?to - room)
               (open ?d - door)
               (treasure-in ?r - room)
               (rich))

  (:action move
    :parameters (?d - door ?from ?to - room)
    :precondition (and (at ?from) (connects ?d ?from ?to) (open ?d))
    :effect (and (at ?to) (not (at ?from))))

  (:action take
    :parameters (?k - key ?r - room)
    :precondition (and (at ?r) (key-in ?k ?r))
    :effect (and (has ?k) (not (key-in ?k ?r))))

  (:action unlock
    :parameters (?k - key ?d - door)
    :precondition (and (has ?k) (fits ?k ?d) (not (open ?d)))
    :effect (open ?d))

  (:action grab-treasure
    :parameters (?r - room)
    :precondition (and (at ?r) (treasure-in ?r))
    :effect (rich)))
