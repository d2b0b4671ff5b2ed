package engine

import (
	"sync"
)

// StreamingQueryManager is spark.streams.
type StreamingQueryManager struct {
	session *Session
	mu      sync.Mutex
	active  map[string]*StreamingQuery
}

type memoryTable struct{}
