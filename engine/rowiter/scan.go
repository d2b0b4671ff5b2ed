package rowiter

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Scan streams the rows of a reader that hands them to a callback one at a time (a file
// decoder, a table scan). The reader runs in its own goroutine from the first Next and
// passes chunks of at most size rows (0: DefaultChunkRows) across, one chunk ahead of the
// consumer at most; Close stops it by cancelling its context and waits for it. The reader
// must return when emit returns an error.
func Scan(scan func(ctx context.Context, emit func(sqltypes.Row) error) error, size int) Iter {
	if size <= 0 {
		size = DefaultChunkRows
	}
	return &scanIter{scan: scan, size: size}
}

type scanIter struct {
	scan    func(ctx context.Context, emit func(sqltypes.Row) error) error
	size    int
	started bool
	closed  bool
	chunks  chan []sqltypes.Row
	err     error // the reader's error, set before chunks is closed
	cancel  context.CancelFunc
}

func (s *scanIter) start(ctx context.Context) {
	s.started = true
	sctx, cancel := context.WithCancel(ctx)
	s.cancel = cancel
	s.chunks = make(chan []sqltypes.Row)
	go func() {
		defer close(s.chunks)
		defer func() {
			if p := recover(); p != nil {
				s.err = fmt.Errorf("internal error while reading rows: %v", p)
			}
		}()
		send := func(rows []sqltypes.Row) error {
			select {
			case s.chunks <- rows:
				return nil
			case <-sctx.Done():
				return sctx.Err()
			}
		}
		buf := make([]sqltypes.Row, 0, s.size)
		err := s.scan(sctx, func(r sqltypes.Row) error {
			buf = append(buf, r)
			if len(buf) < s.size {
				return nil
			}
			if err := send(buf); err != nil {
				return err
			}
			buf = make([]sqltypes.Row, 0, s.size)
			return nil
		})
		if err == nil && len(buf) > 0 {
			err = send(buf)
		}
		s.err = err
	}()
}

func (s *scanIter) Next(ctx context.Context) ([]sqltypes.Row, error) {
	if s.closed {
		return nil, errors.New("rowiter: Next after Close")
	}
	if !s.started {
		s.start(ctx)
	}
	select {
	case rows, ok := <-s.chunks:
		if ok {
			return rows, nil
		}
		if s.err != nil {
			return nil, s.err
		}
		return nil, io.EOF
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (s *scanIter) Close() error {
	if s.closed {
		return nil
	}
	s.closed = true
	if s.started {
		s.cancel()
		for range s.chunks {
		}
	}
	return nil
}
