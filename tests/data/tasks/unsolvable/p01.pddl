; The treasure is behind d1, but the only key fits d2: the lock never opens.
(define (problem locks-p01)
  (:domain locks)
  (:objects r1 r2 r3 - room k1 - key d1 d2 - door)
  (:init (at r1) (key-in k1 r1) (fits k1 d2)
         (connects d1 r1 r2) (connects d1 r2 r1)
         (connects d2 r1 r3) (connects d2 r3 r1)
         (treasure-in r2))
  (:goal (rich)))
