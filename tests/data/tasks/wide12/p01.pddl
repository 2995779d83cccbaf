;; 30 objects: 2 x 30^12 applicable actions in every state (see domain.pddl).
(define (problem wide12-30)
  (:domain wide12)
  (:objects o1 o2 o3 o4 o5 o6 o7 o8 o9 o10 o11 o12 o13 o14 o15 o16 o17 o18 o19 o20 o21 o22 o23 o24 o25 o26 o27 o28 o29 o30)
  (:init (obj o1) (obj o2) (obj o3) (obj o4) (obj o5) (obj o6) (obj o7) (obj o8) (obj o9) (obj o10) (obj o11) (obj o12) (obj o13) (obj o14) (obj o15) (obj o16) (obj o17) (obj o18) (obj o19) (obj o20) (obj o21) (obj o22) (obj o23) (obj o24) (obj o25) (obj o26) (obj o27) (obj o28) (obj o29) (obj o30))
  (:goal (and (a) (b))))
