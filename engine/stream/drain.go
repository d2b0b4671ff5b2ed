package stream

import "context"

// drainState is what ProcessAllAvailable waits for: a trigger that began after the call
// and found nothing to run (Spark's noNewData flag of StreamExecution).
type drainState struct {
	started uint64        // triggers begun so far
	idleSeq uint64        // the latest trigger that ran no batch
	idle    chan struct{} // closed and replaced whenever a trigger runs no batch
}

// triggerStarted numbers a trigger as it begins.
func (q *Query) triggerStarted() uint64 {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.drain.started++
	q.status.IsTriggerActive = true
	return q.drain.started
}

// triggerIdle records that trigger seq found no new data and no batch to run.
func (q *Query) triggerIdle(seq uint64) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.drain.idleSeq = seq
	close(q.drain.idle)
	q.drain.idle = make(chan struct{})
}

// ProcessAllAvailable is query.processAllAvailable(): it blocks until a trigger that began
// after the call found nothing new to process (so every record available when it was
// called has been through the sink), or the query ends. It returns the query's failure,
// if it failed, or ctx's error.
func (q *Query) ProcessAllAvailable(ctx context.Context) error {
	q.mu.Lock()
	after := q.drain.started
	q.mu.Unlock()
	for {
		q.mu.Lock()
		done, wait := q.drain.idleSeq > after, q.drain.idle
		q.mu.Unlock()
		if done {
			return nil
		}
		select {
		case <-wait:
		case <-q.done:
			return q.Exception()
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}
