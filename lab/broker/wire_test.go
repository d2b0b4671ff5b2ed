package broker

import (
	"bytes"
	"encoding/binary"
	"io"
	"net"
	"testing"

	"github.com/twmb/franz-go/pkg/kmsg"
)

// chunkConn hands out what it was given a few bytes per Read and records every Write.
type chunkConn struct {
	net.Conn
	in    *bytes.Reader
	chunk int
	out   bytes.Buffer
}

func (c *chunkConn) Read(p []byte) (int, error) { return c.in.Read(p[:min(len(p), c.chunk)]) }
func (c *chunkConn) Write(p []byte) (int, error) {
	return c.out.Write(p)
}

// requestFrame encodes a request as a client sends it: size, header (v1 or v2), body.
func requestFrame(req kmsg.Request, corr int32) []byte {
	b := make([]byte, 4, 64)
	b = binary.BigEndian.AppendUint16(b, uint16(req.Key()))
	b = binary.BigEndian.AppendUint16(b, uint16(req.GetVersion()))
	b = binary.BigEndian.AppendUint32(b, uint32(corr))
	b = binary.BigEndian.AppendUint16(b, 4)
	b = append(b, "test"...)
	if req.IsFlexible() {
		b = append(b, 0)
	}
	b = req.AppendTo(b)
	binary.BigEndian.PutUint32(b, uint32(len(b)-4))
	return b
}

// responseFrame encodes a response as kfake writes it.
func responseFrame(resp kmsg.Response, corr int32) []byte {
	b := make([]byte, 8, 64)
	if resp.IsFlexible() {
		b = append(b, 0)
	}
	b = resp.AppendTo(b)
	binary.BigEndian.PutUint32(b, uint32(len(b)-4))
	binary.BigEndian.PutUint32(b[4:], uint32(corr))
	return b
}

func TestFilterConnRewritesOnlyWatchedResponses(t *testing.T) {
	for _, version := range []int16{0, 4} { // v4 is flexible (tagged header fields)
		for _, chunk := range []int{1, 3, 7, 4096} {
			// A produce request (not watched) then a DescribeConfigs request (watched).
			prod := kmsg.NewPtrProduceRequest()
			prod.Version = 9
			pt := kmsg.NewProduceRequestTopic()
			pt.Topic = "orders"
			prod.Topics = append(prod.Topics, pt)
			desc := kmsg.NewPtrDescribeConfigsRequest()
			desc.Version = version
			rr := kmsg.NewDescribeConfigsRequestResource()
			rr.ResourceType, rr.ResourceName = kmsg.ConfigResourceTypeTopic, "orders"
			desc.Resources = append(desc.Resources, rr)
			in := append(requestFrame(prod, 5), requestFrame(desc, 6)...)

			fc := &chunkConn{in: bytes.NewReader(in), chunk: chunk}
			c := &filterConn{Conn: fc, rewrite: kafkaDefaults("", nil), pending: map[int32]kmsg.Request{}}
			read, err := io.ReadAll(c)
			if err != nil || !bytes.Equal(read, in) {
				t.Fatalf("v%d chunk %d: the filter changed what the broker reads (%v)", version, chunk, err)
			}

			// kfake's answers: the produce response whole, the describe response in pieces.
			presp := kmsg.NewPtrProduceResponse()
			presp.Version = 9
			pframe := responseFrame(presp, 5)
			dresp := kmsg.NewPtrDescribeConfigsResponse()
			dresp.Version = version
			r := kmsg.NewDescribeConfigsResponseResource()
			r.ResourceType, r.ResourceName = kmsg.ConfigResourceTypeTopic, "orders"
			cfg := kmsg.NewDescribeConfigsResponseResourceConfig()
			cfg.Name, cfg.Value, cfg.Source, cfg.IsDefault = "segment.bytes", str("104857600"), kmsg.ConfigSourceDefaultConfig, true
			r.Configs = append(r.Configs, cfg)
			dresp.Resources = append(dresp.Resources, r)
			dframe := responseFrame(dresp, 6)
			if _, err := c.Write(pframe); err != nil {
				t.Fatal(err)
			}
			for i := 0; i < len(dframe); i += chunk {
				if _, err := c.Write(dframe[i:min(i+chunk, len(dframe))]); err != nil {
					t.Fatal(err)
				}
			}

			out := fc.out.Bytes()
			if !bytes.HasPrefix(out, pframe) {
				t.Fatalf("v%d chunk %d: unwatched response changed", version, chunk)
			}
			rest := out[len(pframe):]
			if int(binary.BigEndian.Uint32(rest))+4 != len(rest) || binary.BigEndian.Uint32(rest[4:]) != 6 {
				t.Fatalf("v%d chunk %d: rewritten frame has a wrong size or correlation id", version, chunk)
			}
			body := rest[8:]
			if version >= 4 {
				body = body[1:]
			}
			got := kmsg.NewPtrDescribeConfigsResponse()
			got.Version = version
			if err := got.ReadFrom(body); err != nil {
				t.Fatalf("v%d chunk %d: rewritten response does not decode: %v", version, chunk, err)
			}
			var seg string
			n := 0
			for _, c := range got.Resources[0].Configs {
				n++
				if c.Name == "segment.bytes" {
					seg = *c.Value
				}
			}
			if seg != "1073741824" || n < 20 {
				t.Fatalf("v%d chunk %d: segment.bytes = %q with %d configs, want 1073741824 plus the topic configs kfake lacks", version, chunk, seg, n)
			}
			if len(c.pending) != 0 {
				t.Fatalf("v%d chunk %d: %d requests still pending", version, chunk, len(c.pending))
			}
		}
	}
}
