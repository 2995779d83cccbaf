; Issue 17 benchmark: logistics with ADL, hand-written. Trucks drive within a
; city, airplanes fly between airports; unload-all unloads every package of a
; vehicle (universal conditional effect, existential precondition); a truck
; may only drive to a location of its own city (or a disjunction of static
; atoms: the two locations are connected either way).
(define (domain logistics-adl)
  (:requirements :adl)
  (:types city location locatable - object
          airport - location
          vehicle package - locatable
          truck airplane - vehicle)
  (:predicates (in-city ?l - location ?c - city)
               (at ?x - locatable ?l - location)
               (in ?p - package ?v - vehicle)
               (road ?a ?b - location))
  (:action load
    :parameters (?p - package ?v - vehicle ?l - location)
    :precondition (and (at ?p ?l) (at ?v ?l))
    :effect (and (in ?p ?v) (not (at ?p ?l))))
  (:action unload-all
    :parameters (?v - vehicle ?l - location)
    :precondition (and (at ?v ?l) (exists (?p - package) (in ?p ?v)))
    :effect (forall (?p - package)
              (when (in ?p ?v) (and (at ?p ?l) (not (in ?p ?v))))))
  (:action drive
    :parameters (?t - truck ?from ?to - location)
    :precondition (and (at ?t ?from) (not (= ?from ?to))
                       (or (road ?from ?to) (road ?to ?from))
                       (exists (?c - city) (and (in-city ?from ?c) (in-city ?to ?c))))
    :effect (and (at ?t ?to) (not (at ?t ?from))))
  (:action fly
    :parameters (?a - airplane ?from ?to - airport)
    :precondition (and (at ?a ?from) (not (= ?from ?to)))
    :effect (and (at ?a ?to) (not (at ?a ?from)))))
