package site

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestConnLimiterCapsPerAddressAndInAll: a connection over the cap of its
// address, or over the cap in all, is closed as soon as it is accepted;
// a closed connection gives its place back.
func TestConnLimiterCapsPerAddressAndInAll(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	l := newConnLimiter(ln, 5, 2)
	defer l.Close()
	accepted := make(chan net.Conn, 10)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			accepted <- c
		}
	}()
	var dialled []net.Conn
	defer func() {
		for _, c := range dialled {
			c.Close()
		}
	}()
	for _, ip := range []string{"127.0.6.1", "127.0.6.1", "127.0.6.1", "127.0.6.2", "127.0.6.2", "127.0.6.3", "127.0.6.4", "127.0.6.4"} {
		c, err := dialerFrom(ip).Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		dialled = append(dialled, c)
	}
	deadline := time.Now().Add(5 * time.Second)
	for l.refused.Load() < 3 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	// 127.0.6.1: 2 of 3; 127.0.6.2: 2; 127.0.6.3: 1; then the cap of 5.
	if n, refused := l.open(), l.refused.Load(); n != 5 || refused != 3 {
		t.Errorf("%d connections held and %d refused, want 5 and 3", n, refused)
	}
	first := <-accepted
	first.Close()
	first.Close() // once only
	if n := l.open(); n != 4 {
		t.Errorf("%d connections held after one closed, want 4", n)
	}
	l.Close()
	<-done
}

func TestMaxConnectionsKeepsDescriptorsInReserve(t *testing.T) {
	for _, c := range []struct {
		nofile      uint64
		want, conns int
	}{{1024, 0, 896}, {1024, 100, 100}, {1024, 5000, 896}, {1 << 40, 0, 1 << 20}} {
		if got, err := maxConnections(c.nofile, c.want); err != nil || got != c.conns {
			t.Errorf("maxConnections(%d, %d) = %d, %v; want %d", c.nofile, c.want, got, err, c.conns)
		}
	}
	if _, err := maxConnections(100, 0); err == nil || !strings.Contains(err.Error(), "ulimit -n") {
		t.Errorf("a limit of 100 descriptors: %v", err)
	}
}

// TestTheServersTimeouts pins the timeouts that the package doc (Limits:
// "10 s to send a request, 30 s idle between requests, 10 s to take a
// reply") and the README's limits promise, as httpServer, which the
// command serves with, configures them; and no WriteTimeout, which would
// end the event streams (each reply and each event get their own,
// writeTimeout and streamWriteTimeout). No other test sees them: those
// that serve keep to short exchanges, well inside every timeout.
func TestTheServersTimeouts(t *testing.T) {
	srv, _ := startServer(t, "")
	hs := httpServer(srv, &hostPolicy{}, nil)
	for _, tc := range []struct {
		name      string
		got, want time.Duration
	}{
		{"ReadHeaderTimeout", hs.ReadHeaderTimeout, 10 * time.Second},
		{"ReadTimeout", hs.ReadTimeout, 10 * time.Second},
		{"IdleTimeout", hs.IdleTimeout, 30 * time.Second},
		{"WriteTimeout", hs.WriteTimeout, 0},
		{"writeTimeout", writeTimeout, 10 * time.Second},
		{"streamWriteTimeout", streamWriteTimeout, 10 * time.Second},
		{"the streams' default", srv.cfg.StreamWriteTimeout, 10 * time.Second},
	} {
		if tc.got != tc.want {
			t.Errorf("%s is %v; the documented one is %v", tc.name, tc.got, tc.want)
		}
	}
	if hs.MaxHeaderBytes != 16<<10 {
		t.Errorf("MaxHeaderBytes is %d; the documented limit is 16 KiB", hs.MaxHeaderBytes)
	}
}

// TestAnIdleConnectionIsClosed: the idle timeout reaches the connections
// the command serves (through the connection limiter, which must pass the
// server's deadlines on): a keep-alive connection left idle after a reply
// is closed once it runs out, here scaled down to 200 ms.
func TestAnIdleConnectionIsClosed(t *testing.T) {
	srv, err := newServer(config{Dir: t.TempDir(), Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.close()
	const idle = 200 * time.Millisecond
	base := serveOnLoopback(t, srv, func(hs *http.Server) { hs.IdleTimeout = idle })
	conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	// The server's idle time starts once its reply is out: after the
	// request is sent, before the client has read the reply.
	sent := time.Now()
	fmt.Fprintf(conn, "GET /api/catalog HTTP/1.1\r\nHost: %s\r\n\r\n", conn.RemoteAddr())
	r := bufio.NewReader(conn)
	res, err := http.ReadResponse(r, nil)
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("%v %v", res, err)
	}
	io.Copy(io.Discard, res.Body)
	start := time.Now()
	conn.SetReadDeadline(start.Add(5 * time.Second))
	if n, err := r.Read(make([]byte, 1)); err != io.EOF {
		t.Fatalf("the idle connection read %d bytes, %v; want EOF", n, err)
	}
	if d := time.Since(sent); d < idle {
		t.Errorf("the idle connection was closed %v after the request was sent; IdleTimeout is %v", d, idle)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("the idle connection was closed %v after the reply was read; IdleTimeout is %v", d, idle)
	}
}
