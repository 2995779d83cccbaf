; Door d1 is open and no action ever closes a door, so (not (open d1)) can
; never hold.
(define (problem locks-p02)
  (:domain locks)
  (:objects r1 r2 - room k1 - key d1 - door)
  (:init (at r1) (key-in k1 r1) (fits k1 d1) (open d1)
         (connects d1 r1 r2) (connects d1 r2 r1)
         (treasure-in r2))
  (:goal (and (rich) (not (open d1)))))
