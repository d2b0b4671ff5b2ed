package engine

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
)

// The text-based file formats' compression: the writers' compression (or codec) option
// and the readers' decompression by file suffix, as Hadoop's codecs name them (.gz for
// gzip, .deflate for deflate, a zlib stream).

// textCodec is a writer's compression option: the suffix its files get after the format's
// extension and the encoding of their bytes ("" and nil for none).
func textCodec(opts *options) (suffix string, encode func([]byte) ([]byte, error), err error) {
	v, ok := opts.get("compression")
	if !ok {
		v, ok = opts.get("codec")
	}
	if !ok {
		return "", nil, nil
	}
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "none", "uncompressed":
		return "", nil, nil
	case "gzip":
		return ".gz", func(b []byte) ([]byte, error) {
			return compressWith(b, func(w io.Writer) io.WriteCloser {
				zw := gzip.NewWriter(w)
				zw.OS = 0 // as Java's GZIPOutputStream, which Hadoop's GzipCodec writes through
				return zw
			})
		}, nil
	case "deflate":
		return ".deflate", func(b []byte) ([]byte, error) {
			return compressWith(b, func(w io.Writer) io.WriteCloser { return zlib.NewWriter(w) })
		}, nil
	case "bzip2", "lz4", "snappy":
		return "", nil, &plan.UnsupportedError{Message: fmt.Sprintf("kafkalab does not write the %s codec for text-based files; it writes gzip and deflate (run this script on real Spark with kafkalab export)", v)}
	}
	// PySpark 4.2.0, df.write.option("compression", "foo").csv(...): an
	// IllegalArgumentException listing the text codecs in this order (no zstd).
	return "", nil, sparkerrors.New(sparkerrors.IllegalArgumentException, "CODEC_NOT_AVAILABLE.WITH_AVAILABLE_CODECS_SUGGESTION",
		"codecName", v, "availableCodecs", "bzip2, deflate, uncompressed, snappy, none, lz4, gzip")
}

// openDataFile opens a file of a text-based source, decompressing a .gz or .deflate one.
func openDataFile(file string) (io.ReadCloser, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	var r io.ReadCloser
	switch {
	case strings.HasSuffix(file, ".gz"):
		r, err = gzip.NewReader(f)
	case strings.HasSuffix(file, ".deflate"):
		r, err = zlib.NewReader(f)
	default:
		return f, nil
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("decompress %s: %w", file, err)
	}
	return struct {
		io.Reader
		io.Closer
	}{r, closers{r, f}}, nil
}

type closers []io.Closer

func (c closers) Close() error {
	var first error
	for _, x := range c {
		if err := x.Close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// readDataFile is os.ReadFile for a text-based source's file (decompressed).
func readDataFile(file string) ([]byte, error) {
	r, err := openDataFile(file)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return io.ReadAll(r)
}

// compressWith is b through the compressing writer newWriter makes.
func compressWith(b []byte, newWriter func(io.Writer) io.WriteCloser) ([]byte, error) {
	var out bytes.Buffer
	zw := newWriter(&out)
	if _, err := zw.Write(b); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}
