package connect

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"

	"github.com/kafkalab/kafkalab/engine"
)

// pythonWorker is pyspark's foreachBatch worker (pyspark.sql.connect.streaming.worker.
// foreach_batch_worker, shipped in pyspark-client) run by the configured Python: it connects
// back over a Unix socket, speaks Spark's worker protocol (big-endian lengths, pickled
// function), and reaches this server as a Spark Connect client of the same session to read
// each batch's DataFrame.
type pythonWorker struct {
	cmd  *exec.Cmd
	conn net.Conn
	r    *bufio.Reader
	dir  string
	mu   sync.Mutex // one batch at a time
	done chan struct{}
	// closing silences the worker's output once it is being stopped (its complaints
	// about the closed socket are no news).
	closing atomic.Bool
}

// Spark's worker protocol markers (SpecialLengths).
const pythonExceptionThrown = -2

// startForeachBatchWorker starts a worker for a pickled function and waits for its
// handshake (the function unpickled, the session attached).
func (ss *session) startForeachBatchWorker(ctx context.Context, command []byte, pythonVer string) (*pythonWorker, error) {
	python := ss.srv.cfg.Python
	if python == "" {
		return nil, unsupportedf("foreachBatch here: this server runs no Python worker (start it with a Python that has pyspark-client, e.g. kafkalab run --python)")
	}
	addr := ss.srv.Addr()
	if addr == "" {
		return nil, errors.New("foreachBatch: the server's address is unknown")
	}
	dir, err := os.MkdirTemp("", "kafkalab-worker-")
	if err != nil {
		return nil, fmt.Errorf("foreachBatch worker: %w", err)
	}
	sock := filepath.Join(dir, "w.sock")
	lis, err := net.Listen("unix", sock)
	if err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("foreachBatch worker: %w", err)
	}
	defer lis.Close()
	cmd := exec.Command(python, "-m", "pyspark.sql.connect.streaming.worker.foreach_batch_worker")
	cmd.Env = append(os.Environ(),
		"PYTHON_WORKER_FACTORY_SOCK_PATH="+sock,
		"SPARK_CONNECT_LOCAL_URL=sc://"+addr+"/",
		"PYTHONUNBUFFERED=1",
	)
	if os.Getenv("SPARK_HOME") == "" {
		// pyspark's worker modules look for a Spark installation when imported; a
		// pyspark-client has none, and the worker needs none (it only reaches this server).
		cmd.Env = append(cmd.Env, "SPARK_HOME="+dir)
	}
	cmd.Dir = ss.eng.WorkDir()
	out, err := cmd.StdoutPipe()
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("foreachBatch: starting the Python worker %s: %w", python, err)
	}
	w := &pythonWorker{cmd: cmd, dir: dir, done: make(chan struct{})}
	var lines []string
	var linesMu sync.Mutex
	go func() {
		// What the function prints goes where the server prints (a Spark driver's stdout);
		// the worker's own progress lines are left out.
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			line := sc.Text()
			if strings.HasPrefix(line, "Streaming ForeachBatch worker") || w.closing.Load() {
				continue
			}
			linesMu.Lock()
			lines = append(lines, line)
			linesMu.Unlock()
			fmt.Fprintln(ss.eng.Stdout(), line)
		}
		_ = cmd.Wait()
		close(w.done)
	}()
	accepted := make(chan net.Conn, 1)
	go func() {
		c, err := lis.Accept()
		if err == nil {
			accepted <- c
		}
	}()
	select {
	case w.conn = <-accepted:
	case <-w.done:
		linesMu.Lock()
		defer linesMu.Unlock()
		os.RemoveAll(dir)
		return nil, fmt.Errorf("foreachBatch: the Python worker (%s) exited before connecting: %s", python, strings.Join(lines, "\n"))
	case <-time.After(60 * time.Second):
		w.close()
		return nil, fmt.Errorf("foreachBatch: the Python worker (%s) did not connect within a minute", python)
	case <-ctx.Done():
		w.close()
		return nil, ctx.Err()
	}
	w.r = bufio.NewReader(w.conn)
	if _, err := readInt32(w.r); err != nil { // the worker's pid
		w.close()
		return nil, fmt.Errorf("foreachBatch worker handshake: %w", err)
	}
	var b []byte
	b = appendString(b, pythonVer)
	b = appendString(b, ss.id)
	b = binary.BigEndian.AppendUint32(b, uint32(len(command)))
	b = append(b, command...)
	if err := w.call(ctx, b); err != nil {
		w.close()
		return nil, err
	}
	return w, nil
}

// call writes a request and reads the worker's answer: 0, or an exception and its traceback.
func (w *pythonWorker) call(ctx context.Context, req []byte) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	stop := context.AfterFunc(ctx, func() { w.conn.SetDeadline(time.Now()) })
	defer stop()
	if _, err := w.conn.Write(req); err != nil {
		return fmt.Errorf("foreachBatch worker: %w", err)
	}
	code, err := readInt32(w.r)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fmt.Errorf("foreachBatch worker: %w", err)
	}
	switch code {
	case 0:
		return nil
	case pythonExceptionThrown:
		msg, err := readString(w.r)
		if err != nil {
			return fmt.Errorf("foreachBatch worker: %w", err)
		}
		tb := strings.TrimRight(msg, "\n")
		lines := strings.Split(tb, "\n")
		reason := strings.TrimSpace(lines[len(lines)-1])
		return &sparkError{classes: []string{"org.apache.spark.SparkException", "java.lang.Exception", "java.lang.Throwable"},
			errorClass: "FOREACH_BATCH_USER_FUNCTION_ERROR", sqlState: "39000", params: map[string]string{"reason": reason},
			message: withState("[FOREACH_BATCH_USER_FUNCTION_ERROR] An error occurred in the user provided function in foreach batch sink. Reason: "+reason, "39000") + "\n" + tb}
	}
	return fmt.Errorf("foreachBatch worker: unexpected answer %d", code)
}

// runBatch hands one batch to the function: the DataFrame is cached under an id the worker
// reads back through Spark Connect.
func (ss *session) runBatch(ctx context.Context, w *pythonWorker, df *engine.DataFrame, batchID int64) error {
	id := uuid.NewString()
	ss.mu.Lock()
	ss.cached[id] = df
	ss.mu.Unlock()
	defer func() {
		ss.mu.Lock()
		delete(ss.cached, id)
		ss.mu.Unlock()
	}()
	var b []byte
	b = appendString(b, id)
	b = binary.BigEndian.AppendUint64(b, uint64(batchID))
	return w.call(ctx, b)
}

// close stops the worker as Spark does, by ending its process.
func (w *pythonWorker) close() {
	w.closing.Store(true)
	if w.cmd.Process != nil {
		_ = w.cmd.Process.Kill()
		<-w.done
	}
	if w.conn != nil {
		w.conn.Close()
	}
	os.RemoveAll(w.dir)
}

func appendString(b []byte, s string) []byte {
	b = binary.BigEndian.AppendUint32(b, uint32(len(s)))
	return append(b, s...)
}

func readInt32(r io.Reader) (int32, error) {
	var buf [4]byte
	if _, err := io.ReadFull(r, buf[:]); err != nil {
		return 0, err
	}
	return int32(binary.BigEndian.Uint32(buf[:])), nil
}

func readString(r io.Reader) (string, error) {
	n, err := readInt32(r)
	if err != nil {
		return "", err
	}
	if n < 0 || n > 64<<20 {
		return "", fmt.Errorf("string of length %d", n)
	}
	buf := make([]byte, n)
	if _, err := io.ReadFull(r, buf); err != nil {
		return "", err
	}
	return string(buf), nil
}
