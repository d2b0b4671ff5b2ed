package kafkaadmin

import (
	"context"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

func init() {
	registerTool(&tool{
		name:     "kafka-dump-log.sh",
		summary:  "This tool helps to parse a log file and dump its contents to the console, useful for debugging a seemingly corrupt log segment.",
		noBroker: true,
		specs: []option{
			{name: "files", arg: "String: file1, file2, ...", help: "REQUIRED: The comma separated list of data and index log files to be dumped."},
			{name: "print-data-log", help: "If set, printing the messages content when dumping data logs (not in kafkalab yet)."},
			{name: "deep-iteration", help: "If set, uses deep instead of shallow iteration (not in kafkalab yet)."},
		},
		run: dumpLog,
	})
}

// castagnoli is the CRC-32C table Kafka's record batches are checked with.
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// dumpLog is kafka-dump-log.sh --files X.log: one line per record batch of a Kafka log
// segment (shallow iteration), as DumpLogSegments prints it. The files are those of a real
// Kafka's log directory (kafka-log-dirs.sh names it); the embedded broker keeps none.
func dumpLog(_ context.Context, r *toolRun) error {
	if !r.opts.has("files") {
		return usagef("Missing required argument \"[files]\": add --files /path/to/00000000000000000000.log")
	}
	for _, f := range []string{"print-data-log", "deep-iteration"} {
		if r.opts.has(f) {
			return fmt.Errorf("--%s is not in kafkalab yet: it prints each batch; read the records themselves with kafka-console-consumer.sh --property print.offset=true", f)
		}
	}
	for _, path := range strings.Split(r.opts.value("files", ""), ",") {
		if path = strings.TrimSpace(path); path == "" {
			continue
		}
		if err := dumpSegment(r, path); err != nil {
			return err
		}
	}
	return nil
}

func dumpSegment(r *toolRun, path string) error {
	name := filepath.Base(path)
	if !strings.HasSuffix(name, ".log") {
		return fmt.Errorf("%s: kafkalab dumps data segments (.log files) only; index files (.index, .timeindex) are not in kafkalab yet", path)
	}
	start, err := strconv.ParseInt(strings.TrimSuffix(name, ".log"), 10, 64)
	if err != nil {
		return fmt.Errorf("%s is not a Kafka log segment: its name should be its base offset, like 00000000000000000000.log", path)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("cannot read %s: %w (kafka-log-dirs.sh --describe names a broker's log folder)", path, err)
	}
	out := r.io.Stdout
	fmt.Fprintf(out, "Dumping %s\n", path)
	fmt.Fprintf(out, "Log starting offset: %d\n", start)
	for pos := 0; pos+61 <= len(data); {
		b := data[pos:]
		length := int(int32(binary.BigEndian.Uint32(b[8:])))
		size := length + 12
		if length < 49 || pos+size > len(data) {
			fmt.Fprintf(out, "Found %d invalid bytes at the end of %s\n", len(data)-pos, name)
			break
		}
		batch := b[:size]
		magic := int8(batch[16])
		if magic != 2 {
			return fmt.Errorf("%s: the batch at position %d has magic %d; kafkalab reads only record batches of magic 2 (Kafka 0.11 and later)", path, pos, magic)
		}
		baseOffset := int64(binary.BigEndian.Uint64(batch[0:]))
		leaderEpoch := int32(binary.BigEndian.Uint32(batch[12:]))
		crc := binary.BigEndian.Uint32(batch[17:])
		attrs := int16(binary.BigEndian.Uint16(batch[21:]))
		lastDelta := int32(binary.BigEndian.Uint32(batch[23:]))
		baseTs := int64(binary.BigEndian.Uint64(batch[27:]))
		maxTs := int64(binary.BigEndian.Uint64(batch[35:]))
		producerID := int64(binary.BigEndian.Uint64(batch[43:]))
		producerEpoch := int16(binary.BigEndian.Uint16(batch[51:]))
		baseSeq := int32(binary.BigEndian.Uint32(batch[53:]))
		count := int32(binary.BigEndian.Uint32(batch[57:]))
		lastSeq := int32(-1)
		if baseSeq >= 0 {
			// Sequences wrap at Integer.MAX_VALUE, as Kafka's DefaultRecordBatch computes them.
			lastSeq = int32((int64(baseSeq) + int64(lastDelta)) % (1<<31 - 1))
		}
		codec := [...]string{"none", "gzip", "snappy", "lz4", "zstd", "unknown", "unknown", "unknown"}[attrs&7]
		tsType := "CreateTime"
		if attrs&8 != 0 {
			tsType = "LogAppendTime"
		}
		horizon := "OptionalLong.empty"
		if attrs&64 != 0 {
			horizon = fmt.Sprintf("OptionalLong[%d]", baseTs)
		}
		valid := crc32.Checksum(batch[21:], castagnoli) == crc
		fmt.Fprintf(out, "baseOffset: %d lastOffset: %d count: %d baseSequence: %d lastSequence: %d producerId: %d producerEpoch: %d partitionLeaderEpoch: %d isTransactional: %t isControl: %t deleteHorizonMs: %s position: %d %s: %d size: %d magic: %d compresscodec: %s crc: %d isvalid: %t\n",
			baseOffset, baseOffset+int64(lastDelta), count, baseSeq, lastSeq, producerID, producerEpoch, leaderEpoch,
			attrs&16 != 0, attrs&32 != 0, horizon, pos, tsType, maxTs, size, magic, codec, crc, valid)
		pos += size
	}
	return nil
}
