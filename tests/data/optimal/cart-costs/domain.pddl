; Optimal-search test task: action costs together with ADL. A cart carries
; what is in it along roads of static lengths (a forall/when effect);
; leaving for any place but the depot uses up its fuel (a when effect with
; an equality condition), refuelling costs 3 at the domain constant `depot`
; or at a station (an `or` with an `exists`: a hidden parameter),
; and the cart may drive only fuelled or towards the depot (an `or` of an
; atom and an equality with the constant). Loading is free (no increase: a
; zero-cost action), unloading costs 1.
(define (domain cart-costs)
  (:requirements :typing :adl :action-costs)
  (:types place item)
  (:constants depot - place)
  (:predicates (cart-at ?p - place) (at ?i - item ?p - place) (in ?i - item)
               (road ?a ?b - place) (station ?p - place) (fuelled))
  (:functions (total-cost) - number (road-length ?a ?b - place) - number)
  (:action drive
    :parameters (?a ?b - place)
    :precondition (and (cart-at ?a) (road ?a ?b) (or (fuelled) (= ?b depot)))
    :effect (and (not (cart-at ?a)) (cart-at ?b)
                 (forall (?i - item) (when (in ?i) (and (not (at ?i ?a)) (at ?i ?b))))
                 (when (not (= ?b depot)) (not (fuelled)))
                 (increase (total-cost) (road-length ?a ?b))))
  (:action refuel
    :parameters ()
    :precondition (and (not (fuelled))
                       (or (cart-at depot) (exists (?p - place) (and (cart-at ?p) (station ?p)))))
    :effect (and (fuelled) (increase (total-cost) 3)))
  (:action load
    :parameters (?i - item ?p - place)
    :precondition (and (cart-at ?p) (at ?i ?p) (not (in ?i)))
    :effect (in ?i))
  (:action unload
    :parameters (?i - item)
    :precondition (in ?i)
    :effect (and (not (in ?i)) (increase (total-cost) 1))))
