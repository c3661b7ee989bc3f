package site

import (
	"context"
	"fmt"
	"net"
	"net/url"
	"syscall"
	"testing"
	"time"
)

// dialSlowReader opens a TCP connection to the server of base, from the
// local address ip ("" for any), whose receive buffer is 1 KiB and whose
// segments are at most 1460 bytes: a client that takes what the server
// writes a trickle at a time, or not at all when it never reads. It is
// closed when the test ends.
func dialSlowReader(t testing.TB, base, ip string) net.Conn {
	t.Helper()
	conn, err := dialSlow(base, ip)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { abort(conn) })
	return conn
}

// dialSlow is dialSlowReader for a goroutine that is not the test's: the
// caller closes the connection (abort).
func dialSlow(base, ip string) (net.Conn, error) {
	u, err := url.Parse(base)
	if err != nil {
		return nil, err
	}
	d := dialerFrom(ip)
	d.Control = func(network, address string, c syscall.RawConn) error {
		var serr error
		err := c.Control(func(fd uintptr) {
			serr = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 1024)
			if serr == nil {
				serr = syscall.SetsockoptInt(int(fd), syscall.IPPROTO_TCP, syscall.TCP_MAXSEG, 1460)
			}
		})
		if err != nil {
			return err
		}
		return serr
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return d.DialContext(ctx, "tcp", u.Host)
}

// abort closes a connection with a reset, which leaves no TIME_WAIT on
// this side: a test that opens thousands does not run out of ports.
func abort(conn net.Conn) {
	if tc, ok := conn.(*net.TCPConn); ok {
		tc.SetLinger(0)
	}
	conn.Close()
}

// sendRequest writes an HTTP/1.1 request on conn and does not read the
// reply; a JSON body gets its content type.
func sendRequest(t testing.TB, conn net.Conn, method, path, body string) {
	t.Helper()
	if err := writeRequest(conn, method, path, body); err != nil {
		t.Fatal(err)
	}
}

// writeRequest is sendRequest for a goroutine that is not the test's.
func writeRequest(conn net.Conn, method, path, body string) error {
	req := fmt.Sprintf("%s %s HTTP/1.1\r\nHost: %s\r\n", method, path, conn.RemoteAddr())
	if body != "" {
		req += fmt.Sprintf("Content-Type: application/json\r\nContent-Length: %d\r\n", len(body))
	}
	req += "\r\n" + body
	conn.SetWriteDeadline(time.Now().Add(5 * time.Second))
	_, err := conn.Write([]byte(req))
	return err
}
