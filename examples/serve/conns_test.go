package main

import (
	"net"
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
