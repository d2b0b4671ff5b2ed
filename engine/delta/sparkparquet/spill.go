package sparkparquet

import (
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
)

// spillAfter is how many bytes of finished pages one column chunk keeps in memory; more
// go to a temporary file until the row group is written out. parquet-go keeps a whole row
// group's pages until the group ends, and Spark's row groups are 128 MB: without a bound,
// a file's memory would grow with its rows.
const spillAfter = 256 << 10

// spillPool is the parquet writer's page buffer pool (parquet.BufferPool) for one file:
// buffers in memory up to spillAfter bytes, then in an unnamed temporary file in dir.
type spillPool struct {
	dir  string
	all  []*spillBuffer
	free []*spillBuffer
}

func (p *spillPool) GetBuffer() io.ReadWriteSeeker {
	if n := len(p.free); n > 0 {
		b := p.free[n-1]
		p.free = p.free[:n-1]
		return b
	}
	b := &spillBuffer{dir: p.dir, mem: pageMemory.get()}
	p.all = append(p.all, b)
	return b
}

func (p *spillPool) PutBuffer(rw io.ReadWriteSeeker) {
	if b, ok := rw.(*spillBuffer); ok {
		b.reset()
		p.free = append(p.free, b)
	}
}

// release closes every temporary file and hands the buffers' memory to the next file.
func (p *spillPool) release() {
	for _, b := range p.all {
		b.reset()
		pageMemory.put(b.mem)
		b.mem = nil
	}
	p.all, p.free = nil, nil
}

// pageMemory keeps the in-memory part of finished files' page buffers for the next
// files: a streaming query writes a file per task and batch, and growing every column's
// buffer to spillAfter again each time was a few hundred KB of fresh, zeroed memory per
// column and file (#18). A plain bounded free list, not a sync.Pool: a sync.Pool is
// emptied by every other GC, and a batch's read runs many GCs before the next files.
var pageMemory = &bytesFreeList{maxBytes: 8 << 20}

// bytesFreeList is a bounded list of byte slices to reuse (their contents are not kept).
type bytesFreeList struct {
	mu       sync.Mutex
	free     [][]byte
	bytes    int // capacity held in free
	maxBytes int
}

// get returns an empty slice, with a kept slice's capacity when there is one.
func (l *bytesFreeList) get() []byte {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := len(l.free)
	if n == 0 {
		return nil
	}
	b := l.free[n-1]
	l.free[n-1] = nil
	l.free = l.free[:n-1]
	l.bytes -= cap(b)
	return b[:0]
}

// put keeps b for a later get unless the list holds enough already.
func (l *bytesFreeList) put(b []byte) {
	if cap(b) == 0 {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.bytes+cap(b) > l.maxBytes {
		return // the GC takes it
	}
	l.free = append(l.free, b[:0])
	l.bytes += cap(b)
}

// spillBuffer is an io.ReadWriteSeeker in memory until it grows past spillAfter, then in
// a temporary file (removed from its folder as soon as it is made, so nothing is left
// behind, even by a crash).
type spillBuffer struct {
	dir  string
	mem  []byte
	off  int64
	file *os.File
	err  error
}

func (b *spillBuffer) reset() {
	if b.file != nil {
		b.file.Close()
		b.file = nil
	}
	b.mem, b.off, b.err = b.mem[:0], 0, nil
}

func (b *spillBuffer) spill() error {
	f, err := os.CreateTemp(b.dir, ".kafkalab-pages-*")
	if err != nil {
		return fmt.Errorf("parquet page buffer: %w", err)
	}
	if err := os.Remove(f.Name()); err != nil {
		f.Close()
		return fmt.Errorf("parquet page buffer: %w", err)
	}
	if _, err := f.Write(b.mem); err != nil {
		f.Close()
		return fmt.Errorf("parquet page buffer: %w", err)
	}
	pageMemory.put(b.mem) // the pages are in the file now
	if _, err := f.Seek(b.off, io.SeekStart); err != nil {
		f.Close()
		return fmt.Errorf("parquet page buffer: %w", err)
	}
	b.file, b.mem = f, nil
	return nil
}

func (b *spillBuffer) Write(p []byte) (int, error) {
	if b.err != nil {
		return 0, b.err
	}
	if b.file == nil && b.off+int64(len(p)) > spillAfter {
		if b.err = b.spill(); b.err != nil {
			return 0, b.err
		}
	}
	if b.file != nil {
		return b.file.Write(p)
	}
	end := b.off + int64(len(p))
	if end > int64(len(b.mem)) {
		b.mem = append(b.mem, make([]byte, end-int64(len(b.mem)))...)
	}
	copy(b.mem[b.off:], p)
	b.off = end
	return len(p), nil
}

func (b *spillBuffer) Read(p []byte) (int, error) {
	if b.file != nil {
		return b.file.Read(p)
	}
	if b.off >= int64(len(b.mem)) {
		return 0, io.EOF
	}
	n := copy(p, b.mem[b.off:])
	b.off += int64(n)
	return n, nil
}

// WriteTo copies what is left to read to w (io.Copy uses it: no intermediate buffer).
func (b *spillBuffer) WriteTo(w io.Writer) (int64, error) {
	if b.file != nil {
		return io.Copy(w, onlyReader{b.file})
	}
	if b.off >= int64(len(b.mem)) {
		return 0, nil
	}
	n, err := w.Write(b.mem[b.off:])
	b.off += int64(n)
	return int64(n), err
}

// onlyReader hides *os.File's WriteTo, which would call back into io.Copy.
type onlyReader struct{ io.Reader }

func (b *spillBuffer) Seek(offset int64, whence int) (int64, error) {
	if b.file != nil {
		return b.file.Seek(offset, whence)
	}
	var abs int64
	switch whence {
	case io.SeekStart:
		abs = offset
	case io.SeekCurrent:
		abs = b.off + offset
	case io.SeekEnd:
		abs = int64(len(b.mem)) + offset
	default:
		return 0, errors.New("parquet page buffer: invalid whence")
	}
	if abs < 0 {
		return 0, errors.New("parquet page buffer: negative position")
	}
	b.off = abs
	return abs, nil
}
