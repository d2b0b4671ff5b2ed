package stream

import "errors"

// Status is query.status: what the query is doing now, in the words Spark's
// MicroBatchExecution sets as its trigger loop moves.
type Status struct {
	Message         string
	IsDataAvailable bool
	IsTriggerActive bool
}

// The status messages kafkalab's trigger loop passes through (Spark 4.2's texts).
const (
	statusInitializing   = "Initializing sources" // until the first trigger
	statusProcessing     = "Processing new data"
	statusWaitingData    = "Waiting for data to arrive"
	statusWaitingTrigger = "Waiting for next trigger"
	statusStopped        = "Stopped"
)

// Status returns the query's status now.
func (q *Query) Status() Status {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.status
}

// setStatus changes the status under the query's lock.
func (q *Query) setStatus(change func(*Status)) {
	q.mu.Lock()
	defer q.mu.Unlock()
	change(&q.status)
}

// waitForNextTrigger is the status between triggers.
func waitForNextTrigger(st *Status) { st.Message, st.IsTriggerActive = statusWaitingTrigger, false }

// stoppedStatus is the status of a query that ended: cleanly, or with its failure.
func stoppedStatus(err error) Status {
	if err == nil {
		return Status{Message: statusStopped}
	}
	var qe *QueryError
	if errors.As(err, &qe) {
		err = qe.Err
	}
	return Status{Message: "Terminated with exception: " + err.Error()}
}
