package broker

import (
	"encoding/binary"
	"errors"
	"net"
	"sync"

	"github.com/twmb/franz-go/pkg/kmsg"
)

// The embedded broker's connections pass through a thin filter that sees every Kafka
// frame. kfake answers DescribeConfigs with some values of its own (100 MiB segments,
// replication factor 3, a "krack" rack...), and the requests the rules refused come back
// under a marker name (kafkarules.go); kfake offers no hook after a handler runs, so the
// filter rewrites those responses on their way out (see kafkadefaults.go). It also closes a
// connection that announces a request over Kafka's socket.request.max.bytes. All other
// frames pass through untouched.

// rewriteFunc rewrites the response to a request the filter chose to watch.
type rewriteFunc func(req kmsg.Request, resp kmsg.Response)

// watchedKeys are the request keys whose responses the filter decodes and rewrites.
var watchedKeys = map[int16]bool{
	int16(kmsg.Metadata):                true,
	int16(kmsg.DescribeCluster):         true,
	int16(kmsg.DescribeConfigs):         true,
	int16(kmsg.CreateTopics):            true,
	int16(kmsg.AlterConfigs):            true,
	int16(kmsg.IncrementalAlterConfigs): true,
	int16(kmsg.DescribeTopicPartitions): true,
	int16(kmsg.DescribeGroups):          true,
	int16(kmsg.ConsumerGroupDescribe):   true,
	int16(kmsg.CreatePartitions):        true,
	int16(kmsg.DescribeClientQuotas):    true,
	int16(kmsg.AlterClientQuotas):       true,
}

type filterListener struct {
	net.Listener
	rewrite rewriteFunc
}

func (l *filterListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &filterConn{Conn: c, rewrite: l.rewrite, pending: map[int32]kmsg.Request{}}, nil
}

// filterConn watches requests read by kfake and responses written by kfake.
//
// kfake reads a request as ReadFull(4 size bytes) then ReadFull(body), and writes each
// response with a single Write; the parser below does not rely on that and copes with any
// split, but the fast path (pass a whole unwatched response straight through) is the
// common one.
type filterConn struct {
	net.Conn
	rewrite rewriteFunc

	rmu  sync.Mutex
	rbuf []byte // bytes of a request frame still being assembled (only watched ones are kept)
	skip int    // bytes of an unwatched request body still to pass without keeping

	mu      sync.Mutex
	pending map[int32]kmsg.Request // correlation id -> watched request awaiting its response
	wbuf    []byte                 // partial response frame from kfake
}

// errRequestTooLarge ends a connection that announces a request bigger than Kafka's
// socket.request.max.bytes, before kfake allocates a buffer of the announced size (an HTTP
// request sent to the port announces about 1.2 GB).
var errRequestTooLarge = errors.New("embedded broker: request larger than socket.request.max.bytes (104857600); connection closed")

func (c *filterConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	if n > 0 && !c.observe(p[:n]) {
		c.Conn.Close()
		return 0, errRequestTooLarge
	}
	return n, err
}

// observe follows the request stream and remembers watched requests by correlation id. It
// returns false when a request announces more than Kafka's socket.request.max.bytes.
func (c *filterConn) observe(b []byte) bool {
	c.rmu.Lock()
	defer c.rmu.Unlock()
	for len(b) > 0 {
		if c.skip > 0 {
			k := min(c.skip, len(b))
			c.skip -= k
			b = b[k:]
			continue
		}
		// Need the size (4) and key (2) to decide whether to keep the frame.
		need := 6 - len(c.rbuf)
		if need > 0 {
			k := min(need, len(b))
			c.rbuf = append(c.rbuf, b[:k]...)
			b = b[k:]
			if len(c.rbuf) >= 4 && int64(binary.BigEndian.Uint32(c.rbuf)) > kafkaMaxRequestBytes {
				return false
			}
			if len(c.rbuf) < 6 {
				return true
			}
		}
		size := int(int32(binary.BigEndian.Uint32(c.rbuf)))
		key := int16(binary.BigEndian.Uint16(c.rbuf[4:]))
		if size < 2 {
			// Malformed: kfake will drop the connection; stop watching.
			c.rbuf = c.rbuf[:0]
			c.skip = 1 << 62
			return true
		}
		if !watchedKeys[key] {
			c.skip = size - 2
			c.rbuf = c.rbuf[:0]
			continue
		}
		rest := size + 4 - len(c.rbuf)
		k := min(rest, len(b))
		c.rbuf = append(c.rbuf, b[:k]...)
		b = b[k:]
		if k < rest {
			return true
		}
		if req, corr, ok := parseRequest(c.rbuf[4:]); ok {
			c.mu.Lock()
			c.pending[corr] = req
			c.mu.Unlock()
		}
		c.rbuf = c.rbuf[:0]
	}
	return true
}

// parseRequest decodes a request frame body (after the size): header v1 or v2, then the body.
func parseRequest(f []byte) (kmsg.Request, int32, bool) {
	if len(f) < 10 {
		return nil, 0, false
	}
	key := int16(binary.BigEndian.Uint16(f))
	version := int16(binary.BigEndian.Uint16(f[2:]))
	corr := int32(binary.BigEndian.Uint32(f[4:]))
	req := kmsg.RequestForKey(key)
	if req == nil {
		return nil, 0, false
	}
	req.SetVersion(version)
	b := f[8:]
	idLen := int(int16(binary.BigEndian.Uint16(b))) // client id: nullable string, int16 length
	b = b[2:]
	if idLen > 0 {
		if idLen > len(b) {
			return nil, 0, false
		}
		b = b[idLen:]
	}
	if req.IsFlexible() {
		var ok bool
		if b, ok = skipTags(b); !ok {
			return nil, 0, false
		}
	}
	if err := req.ReadFrom(b); err != nil {
		return nil, 0, false
	}
	return req, corr, true
}

// skipTags skips a tagged-fields section (uvarint count, then tag, size, bytes).
func skipTags(b []byte) ([]byte, bool) {
	n, w := binary.Uvarint(b)
	if w <= 0 {
		return nil, false
	}
	b = b[w:]
	for range n {
		_, w = binary.Uvarint(b) // tag
		if w <= 0 {
			return nil, false
		}
		b = b[w:]
		sz, w := binary.Uvarint(b)
		if w <= 0 || uint64(len(b)-w) < sz {
			return nil, false
		}
		b = b[w+int(sz):]
	}
	return b, true
}

func (c *filterConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	// Fast path: exactly one whole frame that nobody asked us to watch.
	if len(c.wbuf) == 0 && len(p) >= 8 && int(binary.BigEndian.Uint32(p))+4 == len(p) {
		corr := int32(binary.BigEndian.Uint32(p[4:]))
		if _, watched := c.pending[corr]; !watched {
			return c.Conn.Write(p)
		}
	}
	c.wbuf = append(c.wbuf, p...)
	for len(c.wbuf) >= 4 {
		size := int(binary.BigEndian.Uint32(c.wbuf))
		if len(c.wbuf) < size+4 {
			break
		}
		frame := c.wbuf[:size+4]
		out := frame
		if size >= 4 {
			corr := int32(binary.BigEndian.Uint32(frame[4:]))
			if req, ok := c.pending[corr]; ok {
				delete(c.pending, corr)
				out = c.rewriteFrame(req, corr, frame)
			}
		}
		if _, err := c.Conn.Write(out); err != nil {
			return 0, err
		}
		c.wbuf = append(c.wbuf[:0], c.wbuf[size+4:]...)
	}
	return len(p), nil
}

// rewriteFrame decodes a watched response, lets the rewriter change it and re-encodes it.
// Anything that does not decode is passed on unchanged.
func (c *filterConn) rewriteFrame(req kmsg.Request, corr int32, frame []byte) []byte {
	resp := req.ResponseKind()
	resp.SetVersion(req.GetVersion())
	body := frame[8:]
	if resp.IsFlexible() {
		var ok bool
		if body, ok = skipTags(body); !ok {
			return frame
		}
	}
	if err := resp.ReadFrom(body); err != nil {
		return frame
	}
	c.rewrite(req, resp)
	out := make([]byte, 8, len(frame)+256)
	if resp.IsFlexible() {
		out = append(out, 0) // empty tagged fields in the response header
	}
	out = resp.AppendTo(out)
	binary.BigEndian.PutUint32(out, uint32(len(out)-4))
	binary.BigEndian.PutUint32(out[4:], uint32(corr))
	return out
}
