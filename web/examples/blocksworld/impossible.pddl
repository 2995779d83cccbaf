; A long search: twelve blocks and a goal that no plan reaches (a cannot be
; on b while b is on a), although the delete relaxation thinks it can.
; The planner keeps exploring; press Stop, or set a time limit.
(define (problem endless-loop)
  (:domain blocksworld)
  (:objects a b c d e f g h i j k l)
  (:init (arm-empty)
         (on-table a) (on b a) (on c b) (clear c)
         (on-table d) (on e d) (on f e) (clear f)
         (on-table g) (on h g) (on i h) (clear i)
         (on-table j) (on k j) (on l k) (clear l))
  (:goal (and (on a b) (on b a) (on-table l))))
