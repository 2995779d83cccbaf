; A robot on a graph of cells: the search engine tests' hand-computed task.
(define (domain star)
  (:requirements :strips)
  (:predicates (at ?c) (adj ?from ?to))
  (:action move
    :parameters (?from ?to)
    :precondition (and (at ?from) (adj ?from ?to))
    :effect (and (at ?to) (not (at ?from)))))
