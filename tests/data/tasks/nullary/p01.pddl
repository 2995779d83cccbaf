(define (problem light-switch-p01)
  (:domain light-switch)
  (:init)
  (:goal (in-room)))
