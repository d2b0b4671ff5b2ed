package container

import (
	"archive/tar"
	"bufio"
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// engineClient speaks the Docker Engine HTTP API (which podman serves too) for the few calls
// the broker needs. It is this package's own rather than a container library's: those
// initialise themselves at every start of the program (testcontainers-go lists every
// process on the machine), and kafkalab starts for each script it runs, mostly without a
// container in sight.
type engineClient struct {
	host string // the engine address in DOCKER_HOST's form, for messages
	http *http.Client
	base string // URL prefix of every call
}

// engineHost is the engine address: DOCKER_HOST, else the first socket of the usual Docker
// and podman places that exists, else Docker's default socket (whose absence the error
// then names).
func engineHost() string {
	if h := os.Getenv("DOCKER_HOST"); h != "" {
		return h
	}
	for _, sock := range defaultSockets() {
		if fi, err := os.Stat(sock); err == nil && fi.Mode()&os.ModeSocket != 0 {
			return "unix://" + sock
		}
	}
	return "unix:///var/run/docker.sock"
}

func defaultSockets() []string {
	socks := []string{"/var/run/docker.sock"}
	if rt := os.Getenv("XDG_RUNTIME_DIR"); rt != "" {
		socks = append(socks, filepath.Join(rt, "docker.sock"), filepath.Join(rt, "podman", "podman.sock"))
	}
	if home, err := os.UserHomeDir(); err == nil {
		socks = append(socks, filepath.Join(home, ".docker", "run", "docker.sock"),
			filepath.Join(home, ".docker", "desktop", "docker.sock"))
	}
	return append(socks, "/run/podman/podman.sock")
}

// newEngineClient returns a client for the engine at host (DOCKER_HOST's form: unix://PATH
// or tcp://HOST:PORT, TLS when DOCKER_TLS_VERIFY or DOCKER_CERT_PATH is set).
func newEngineClient(host string) (*engineClient, error) {
	u, err := url.Parse(host)
	if err != nil {
		return nil, fmt.Errorf("cannot read the engine address %q: %w", host, err)
	}
	tr := &http.Transport{MaxIdleConns: 4, IdleConnTimeout: 30 * time.Second}
	c := &engineClient{host: host, http: &http.Client{Transport: tr}}
	switch u.Scheme {
	case "unix":
		sock := u.Path
		dialer := &net.Dialer{}
		tr.DialContext = func(ctx context.Context, _, _ string) (net.Conn, error) {
			return dialer.DialContext(ctx, "unix", sock)
		}
		c.base = "http://engine"
	case "tcp", "http", "https":
		scheme := "http"
		if u.Scheme == "https" || os.Getenv("DOCKER_TLS_VERIFY") != "" || os.Getenv("DOCKER_CERT_PATH") != "" {
			cfg, err := engineTLS()
			if err != nil {
				return nil, err
			}
			tr.TLSClientConfig = cfg
			scheme = "https"
		}
		c.base = scheme + "://" + u.Host
	default:
		return nil, fmt.Errorf("the engine address %q is not unix:// or tcp:// (kafkalab does not speak %s:// to an engine)", host, u.Scheme)
	}
	return c, nil
}

// engineTLS reads the client certificate and CA of DOCKER_CERT_PATH (default ~/.docker).
func engineTLS() (*tls.Config, error) {
	dir := os.Getenv("DOCKER_CERT_PATH")
	if dir == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return nil, fmt.Errorf("engine TLS: no DOCKER_CERT_PATH and no home folder: %w", err)
		}
		dir = filepath.Join(home, ".docker")
	}
	cert, err := tls.LoadX509KeyPair(filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem"))
	if err != nil {
		return nil, fmt.Errorf("engine TLS: client certificate in %s: %w", dir, err)
	}
	cfg := &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
	if os.Getenv("DOCKER_TLS_VERIFY") == "" {
		cfg.InsecureSkipVerify = true // DOCKER_TLS_VERIFY unset: encrypt, do not verify (Docker's rule)
		return cfg, nil
	}
	ca, err := os.ReadFile(filepath.Join(dir, "ca.pem"))
	if err != nil {
		return nil, fmt.Errorf("engine TLS: %w", err)
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(ca) {
		return nil, fmt.Errorf("engine TLS: %s holds no certificate", filepath.Join(dir, "ca.pem"))
	}
	cfg.RootCAs = pool
	return cfg, nil
}

func (c *engineClient) close() { c.http.CloseIdleConnections() }

// engineError is an answer of the engine other than success: its status and message.
type engineError struct {
	status int
	msg    string
}

func (e *engineError) Error() string {
	return fmt.Sprintf("the engine answered %d: %s", e.status, e.msg)
}

func isNotFound(err error) bool {
	var ee *engineError
	return errors.As(err, &ee) && ee.status == http.StatusNotFound
}

// do sends one call; a body that is not an io.Reader is sent as JSON. The caller closes
// the response body of a success.
func (c *engineClient) do(ctx context.Context, method, path string, query url.Values, body any) (*http.Response, error) {
	var rd io.Reader
	ctype := ""
	switch b := body.(type) {
	case nil:
	case io.Reader:
		rd, ctype = b, "application/x-tar"
	default:
		js, err := json.Marshal(b)
		if err != nil {
			return nil, err
		}
		rd, ctype = bytes.NewReader(js), "application/json"
	}
	u := c.base + path
	if len(query) > 0 {
		u += "?" + query.Encode()
	}
	req, err := http.NewRequestWithContext(ctx, method, u, rd)
	if err != nil {
		return nil, err
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", method, path, err)
	}
	if resp.StatusCode >= 300 && resp.StatusCode != http.StatusNotModified {
		defer resp.Body.Close()
		raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
		var m struct{ Message string }
		if json.Unmarshal(raw, &m) != nil || m.Message == "" {
			m.Message = strings.TrimSpace(string(raw))
		}
		return nil, &engineError{status: resp.StatusCode, msg: m.Message}
	}
	return resp, nil
}

// call is do for calls whose answer is JSON decoded into out (nil: ignored).
func (c *engineClient) call(ctx context.Context, method, path string, query url.Values, body, out any) error {
	resp, err := c.do(ctx, method, path, query, body)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if out == nil {
		_, _ = io.Copy(io.Discard, resp.Body)
		return nil
	}
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		return fmt.Errorf("%s %s: read the answer: %w", method, path, err)
	}
	return nil
}

func (c *engineClient) ping(ctx context.Context) error {
	return c.call(ctx, http.MethodGet, "/_ping", nil, nil, nil)
}

// ensureImage pulls image unless the engine has it.
func (c *engineClient) ensureImage(ctx context.Context, image string) error {
	err := c.call(ctx, http.MethodGet, "/images/"+image+"/json", nil, nil, nil)
	if err == nil || !isNotFound(err) {
		return err
	}
	name, tag := splitTag(image)
	q := url.Values{"fromImage": {name}}
	if tag != "" {
		q.Set("tag", tag)
	}
	resp, err := c.do(ctx, http.MethodPost, "/images/create", q, nil)
	if err != nil {
		return fmt.Errorf("pull %s: %w", image, err)
	}
	defer resp.Body.Close()
	// The pull reports progress as a stream of JSON messages; a failure is one carrying
	// "error", and the call itself still succeeded.
	dec := json.NewDecoder(resp.Body)
	for {
		var m struct{ Error string }
		if err := dec.Decode(&m); err == io.EOF {
			return nil
		} else if err != nil {
			return fmt.Errorf("pull %s: %w", image, err)
		}
		if m.Error != "" {
			return fmt.Errorf("pull %s: %s", image, m.Error)
		}
	}
}

// splitTag splits "registry:5000/name:tag" into name and tag; a digest reference stays
// whole, and a name without a tag gets "latest" (an empty tag would pull every tag).
func splitTag(image string) (name, tag string) {
	if strings.Contains(image, "@") {
		return image, ""
	}
	slash := strings.LastIndex(image, "/")
	if colon := strings.LastIndex(image, ":"); colon > slash {
		return image[:colon], image[colon+1:]
	}
	return image, "latest"
}

// createSpec is the part of the engine's container-create body the broker sets.
type createSpec struct {
	Image        string
	Entrypoint   []string
	Cmd          []string
	Env          []string
	Labels       map[string]string
	ExposedPorts map[string]struct{}
	HostConfig   hostConfig
}

type hostConfig struct {
	PortBindings map[string][]portBinding
}

type portBinding struct {
	HostIP   string `json:"HostIp"`
	HostPort string
}

func (c *engineClient) create(ctx context.Context, spec createSpec) (string, error) {
	var out struct {
		ID string `json:"Id"`
	}
	if err := c.call(ctx, http.MethodPost, "/containers/create", nil, spec, &out); err != nil {
		return "", fmt.Errorf("create a container of %s: %w", spec.Image, err)
	}
	return out.ID, nil
}

func (c *engineClient) start(ctx context.Context, id string) error {
	if err := c.call(ctx, http.MethodPost, "/containers/"+id+"/start", nil, nil, nil); err != nil {
		return fmt.Errorf("start container %s: %w", shortID(id), err)
	}
	return nil
}

// containerInfo is the part of the engine's inspect answer the broker reads.
type containerInfo struct {
	State struct {
		Status   string
		Running  bool
		ExitCode int
	}
	NetworkSettings struct {
		Ports map[string][]portBinding
	}
}

func (c *engineClient) inspect(ctx context.Context, id string) (containerInfo, error) {
	var info containerInfo
	err := c.call(ctx, http.MethodGet, "/containers/"+id+"/json", nil, nil, &info)
	return info, err
}

// copyFile writes one file into the container, as a tar archive unpacked in its folder.
func (c *engineClient) copyFile(ctx context.Context, id, path string, data []byte, mode int64) error {
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	if err := tw.WriteHeader(&tar.Header{Typeflag: tar.TypeReg, Name: filepath.Base(path), Mode: mode, Size: int64(len(data)), ModTime: time.Now()}); err != nil {
		return err
	}
	if _, err := tw.Write(data); err != nil {
		return err
	}
	if err := tw.Close(); err != nil {
		return err
	}
	q := url.Values{"path": {filepath.Dir(path)}}
	return c.call(ctx, http.MethodPut, "/containers/"+id+"/archive", q, &buf, nil)
}

// logTail returns the last n lines of the container's output and errors, interleaved as
// the engine stored them.
func (c *engineClient) logTail(ctx context.Context, id string, n int) (string, error) {
	q := url.Values{"stdout": {"1"}, "stderr": {"1"}, "tail": {strconv.Itoa(n)}}
	resp, err := c.do(ctx, http.MethodGet, "/containers/"+id+"/logs", q, nil)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return "", err
	}
	return demuxLog(raw), nil
}

// demuxLog strips the 8-byte frame headers (stream, 0, 0, 0, big-endian length) of a
// container without a terminal; text that is not framed comes back as it is.
func demuxLog(raw []byte) string {
	var sb strings.Builder
	r := bufio.NewReader(bytes.NewReader(raw))
	for {
		var hdr [8]byte
		if _, err := io.ReadFull(r, hdr[:]); err != nil {
			break
		}
		if hdr[0] > 2 || hdr[1] != 0 || hdr[2] != 0 || hdr[3] != 0 {
			return string(raw)
		}
		size := binary.BigEndian.Uint32(hdr[4:])
		if _, err := io.CopyN(&sb, r, int64(size)); err != nil {
			break
		}
	}
	return sb.String()
}

// stopAndRemove gives the container stopTimeout to stop, then removes it and its anonymous
// volumes. A container that is already gone is not an error.
func (c *engineClient) stopAndRemove(ctx context.Context, id string, stopTimeout time.Duration) error {
	if stopTimeout > 0 {
		q := url.Values{"t": {strconv.Itoa(int(stopTimeout.Seconds()))}}
		if err := c.call(ctx, http.MethodPost, "/containers/"+id+"/stop", q, nil, nil); err != nil && !isNotFound(err) {
			return err
		}
	}
	return c.remove(ctx, id)
}

func (c *engineClient) remove(ctx context.Context, id string) error {
	q := url.Values{"force": {"1"}, "v": {"1"}}
	if err := c.call(ctx, http.MethodDelete, "/containers/"+id, q, nil, nil); err != nil && !isNotFound(err) {
		return err
	}
	return nil
}

// listed is one entry of the engine's container list.
type listed struct {
	ID     string `json:"Id"`
	Image  string
	Labels map[string]string
	State  string
}

// list returns every container (running or not) carrying label ("key=value").
func (c *engineClient) list(ctx context.Context, label string) ([]listed, error) {
	filters, err := json.Marshal(map[string][]string{"label": {label}})
	if err != nil {
		return nil, err
	}
	var out []listed
	q := url.Values{"all": {"1"}, "filters": {string(filters)}}
	if err := c.call(ctx, http.MethodGet, "/containers/json", q, nil, &out); err != nil {
		return nil, err
	}
	return out, nil
}
