; Issue 17 benchmark: hand-written port of the IPC 2014 "citycar"
; (sequential satisficing) domain. Cars leave garages and drive to their
; destinations over roads that the planner builds between neighbouring
; junctions (straight 20, diagonal 30) and may destroy again (10) to reuse
; them; destroying a road puts back every car on it at the road's start
; junction (a universal conditional effect). Driving into and out of a road
; costs 1; starting and arriving cost nothing.
; Requirements as the original (conditional effects and costs, not :adl):
; :typing :equality :negative-preconditions :action-costs :conditional-effects.
(define (domain citycar)
  (:requirements :typing :equality :negative-preconditions :action-costs :conditional-effects)
  (:types car junction garage road)
  (:predicates (same_line ?xy - junction ?xy2 - junction)
               (diagonal ?x - junction ?y - junction)
               (at_car_jun ?c - car ?x - junction)
               (at_car_road ?c - car ?x - road)
               (starting ?c - car ?x - garage)
               (arrived ?c - car ?x - junction)
               (road_connect ?r1 - road ?xy - junction ?xy2 - junction)
               (clear ?xy - junction)
               (in_place ?x - road)
               (at_garage ?g - garage ?xy - junction))
  (:functions (total-cost) - number)

  ; drive from a junction into a road leaving it (no limit of cars per road)
  (:action move_car_in_road
    :parameters (?xy_initial - junction ?xy_final - junction ?machine - car ?r1 - road)
    :precondition (and (at_car_jun ?machine ?xy_initial)
                       (road_connect ?r1 ?xy_initial ?xy_final)
                       (in_place ?r1))
    :effect (and (clear ?xy_initial) (at_car_road ?machine ?r1)
                 (not (at_car_jun ?machine ?xy_initial))
                 (increase (total-cost) 1)))

  ; leave the road at its end junction, which must be clear
  (:action move_car_out_road
    :parameters (?xy_initial - junction ?xy_final - junction ?machine - car ?r1 - road)
    :precondition (and (at_car_road ?machine ?r1) (clear ?xy_final)
                       (road_connect ?r1 ?xy_initial ?xy_final)
                       (in_place ?r1))
    :effect (and (at_car_jun ?machine ?xy_final) (not (clear ?xy_final))
                 (not (at_car_road ?machine ?r1))
                 (increase (total-cost) 1)))

  ; a car at its destination leaves the network
  (:action car_arrived
    :parameters (?xy_final - junction ?machine - car)
    :precondition (at_car_jun ?machine ?xy_final)
    :effect (and (clear ?xy_final) (arrived ?machine ?xy_final)
                 (not (at_car_jun ?machine ?xy_final))))

  ; a car leaves its garage onto the garage's (clear) junction
  (:action car_start
    :parameters (?xy_final - junction ?machine - car ?g - garage)
    :precondition (and (at_garage ?g ?xy_final) (starting ?machine ?g)
                       (clear ?xy_final))
    :effect (and (not (clear ?xy_final)) (at_car_jun ?machine ?xy_final)
                 (not (starting ?machine ?g))))

  (:action build_diagonal_oneway
    :parameters (?xy_initial - junction ?xy_final - junction ?r1 - road)
    :precondition (and (clear ?xy_final) (not (in_place ?r1))
                       (diagonal ?xy_initial ?xy_final))
    :effect (and (road_connect ?r1 ?xy_initial ?xy_final) (in_place ?r1)
                 (increase (total-cost) 30)))

  (:action build_straight_oneway
    :parameters (?xy_initial - junction ?xy_final - junction ?r1 - road)
    :precondition (and (clear ?xy_final) (same_line ?xy_initial ?xy_final)
                       (not (in_place ?r1)))
    :effect (and (road_connect ?r1 ?xy_initial ?xy_final) (in_place ?r1)
                 (increase (total-cost) 20)))

  (:action destroy_road
    :parameters (?xy_initial - junction ?xy_final - junction ?r1 - road)
    :precondition (and (road_connect ?r1 ?xy_initial ?xy_final) (in_place ?r1))
    :effect (and (not (in_place ?r1))
                 (not (road_connect ?r1 ?xy_initial ?xy_final))
                 (increase (total-cost) 10)
                 (forall (?c1 - car)
                   (when (at_car_road ?c1 ?r1)
                     (and (not (at_car_road ?c1 ?r1))
                          (at_car_jun ?c1 ?xy_initial)))))))
