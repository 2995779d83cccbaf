; Four blocks: turn the tower a-b-c-d (a on top) upside down.
(define (problem swap-four)
  (:domain blocksworld)
  (:objects a b c d)
  (:init (arm-empty)
         (on-table d) (on c d) (on b c) (on a b) (clear a))
  (:goal (and (on d c) (on c b) (on b a))))
