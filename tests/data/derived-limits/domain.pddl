;; Limits inside one fixpoint (tests/unit/derived_test.cpp, DerivedLimits;
;; tests/unit/cli_lazylifted_test.cpp, CliDerivedLimits). `path` is the
;; transitive closure of `edge`; `far` chains four path atoms. On the chain of
;; p01 (300 nodes) path has 44 850 atoms and far about 10^10 bindings to join:
;; no evaluation of the initial state ends in a test's time, so only the axiom
;; evaluation (and the validator's re-derivation) polling the limits stops it.
;; Not in tests/data/derived/: benchmarks/derived/run.sh plans those.
(define (domain closure)
  (:requirements :strips :typing :existential-preconditions :derived-predicates)
  (:types node)
  (:predicates (edge ?x ?y - node) (path ?x ?y - node) (far ?x ?y - node)
               (start ?x - node) (end ?x - node) (done))
  (:derived (path ?x ?y - node) (edge ?x ?y))
  (:derived (path ?x ?z - node) (exists (?y - node) (and (path ?x ?y) (edge ?y ?z))))
  (:derived (far ?v ?w - node)
    (exists (?x ?y ?z - node) (and (path ?v ?x) (path ?x ?y) (path ?y ?z) (path ?z ?w))))
  (:action finish
    :parameters (?x ?y - node)
    :precondition (and (start ?x) (end ?y) (far ?x ?y))
    :effect (done)))
