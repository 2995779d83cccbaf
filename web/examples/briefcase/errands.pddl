; Errands: the paper goes to the office, the book to the library, the keys
; come home, and every portable must end up out of the briefcase (a universal
; goal). Step through the plan to watch one move carry everything inside.
(define (problem briefcase-errands)
  (:domain briefcase)
  (:objects home office library - location
            paper book keys - portable)
  (:init (is-at home) (at paper home) (at book home) (at keys office))
  (:goal (and (at paper office) (at book library) (at keys home)
              (forall (?p - portable) (not (in ?p))))))
