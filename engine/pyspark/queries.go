package pyspark

// placeholder types until the engine lands; replaced by the streaming bindings.
type pyStreamingQuery struct{}

func (q *pyStreamingQuery) stop() {}

type pySession struct{}

func (s *pySession) close() {}

// StopQueries stops every streaming query this interpreter started.
func (in *Interpreter) StopQueries() {
	in.mu.Lock()
	qs := append([]*pyStreamingQuery(nil), in.queries...)
	in.mu.Unlock()
	for _, q := range qs {
		q.stop()
	}
}
