; a-b and c-d linked, e free: a and b are exchangeable, so are c and d.
(define (problem pairs-p01)
  (:domain pairs)
  (:objects a b c d e - node)
  (:init (linked a b) (linked b a) (linked c d) (linked d c) (free e))
  (:goal (done)))
