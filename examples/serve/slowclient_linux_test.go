package main

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
// writes a trickle at a time, or not at all when it never reads.
func dialSlowReader(t testing.TB, base, ip string) net.Conn {
	t.Helper()
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
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
	conn, err := d.DialContext(ctx, "tcp", u.Host)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}

// sendRequest writes an HTTP/1.1 request on conn and does not read the
// reply; a JSON body gets its content type.
func sendRequest(t testing.TB, conn net.Conn, method, path, body string) {
	t.Helper()
	req := fmt.Sprintf("%s %s HTTP/1.1\r\nHost: %s\r\n", method, path, conn.RemoteAddr())
	if body != "" {
		req += fmt.Sprintf("Content-Type: application/json\r\nContent-Length: %d\r\n", len(body))
	}
	req += "\r\n" + body
	conn.SetWriteDeadline(time.Now().Add(5 * time.Second))
	if _, err := conn.Write([]byte(req)); err != nil {
		t.Fatal(err)
	}
}
