package engine

import "context"

// StreamingQuery is placeholder until streaming wiring lands.
type StreamingQuery struct{}

func (q *StreamingQuery) Stop(ctx context.Context) error { return nil }

// Active lists active queries.
func (m *StreamingQueryManager) Active() []*StreamingQuery { return nil }
