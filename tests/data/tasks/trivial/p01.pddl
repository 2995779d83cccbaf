; The goal is true in the initial state: the empty plan solves it.
(define (problem trivial-p01)
  (:domain trivial)
  (:objects i1 i2 - item)
  (:init (done i1) (ready i2) (done i1))  ; duplicate atom on purpose
  (:goal (and (done i1))))
