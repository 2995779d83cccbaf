; Four islands, five cars: bring every car to its destination.
(define (problem four-islands)
  (:domain ferry)
  (:objects north south east west - location
            van truck jeep bus taxi - car)
  (:init (at-ferry north) (empty-ferry)
         (at van north) (at truck north) (at jeep south)
         (at bus east) (at taxi west))
  (:goal (and (at van south) (at truck east) (at jeep west)
              (at bus north) (at taxi north))))
