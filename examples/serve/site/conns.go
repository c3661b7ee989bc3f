package site

import (
	"fmt"
	"net"
	"sync"
	"sync/atomic"
)

// The connections the server holds are bounded, in all and per client
// address, below its limit on open descriptors: a client that opens
// connections and sends nothing (or keeps them idle) can take only its
// share, and the descriptors the store needs to append a move are always
// there.

// Defaults of the connection limits.
const (
	// defaultConnsPerClient is how many connections one client address
	// may hold at once. A browser holds six at most per site, and a page
	// one for its event stream; many people behind one NAT share it.
	defaultConnsPerClient = 64
	// descriptorReserve is the descriptors kept out of the connections'
	// reach: storeSlots for the store's files, the listener, the
	// runtime's own, standard input, output and error, and room to
	// accept (and at once close) a connection over the caps.
	descriptorReserve = 128
)

// maxConnections returns the cap on connections for a process that may
// open nofile descriptors: all but descriptorReserve, and at most want
// (if want > 0). It fails when that leaves fewer than 16.
func maxConnections(nofile uint64, want int) (int, error) {
	if nofile < descriptorReserve+16 {
		return 0, fmt.Errorf("the limit on open descriptors is %d: serve needs at least %d (ulimit -n)", nofile, descriptorReserve+16)
	}
	n := nofile - descriptorReserve
	if want > 0 && uint64(want) < n {
		return want, nil
	}
	if n > 1<<20 {
		n = 1 << 20
	}
	return int(n), nil
}

// connLimiter is a listener that holds at most maxTotal connections, and
// at most maxPerClient from one client address (clientKey): a connection
// over either cap is closed as soon as it is accepted, which frees its
// descriptor at once.
type connLimiter struct {
	net.Listener
	maxTotal, maxPerClient int

	mu        sync.Mutex
	total     int
	perClient map[string]int // only addresses with connections open

	refused atomic.Int64 // connections closed for the caps
}

func newConnLimiter(ln net.Listener, maxTotal, maxPerClient int) *connLimiter {
	return &connLimiter{Listener: ln, maxTotal: maxTotal, maxPerClient: maxPerClient, perClient: map[string]int{}}
}

// Accept returns the next connection within the caps, closing those over
// them.
func (l *connLimiter) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		client := connClient(c)
		l.mu.Lock()
		ok := l.total < l.maxTotal && l.perClient[client] < l.maxPerClient
		if ok {
			l.total++
			l.perClient[client]++
		}
		l.mu.Unlock()
		if ok {
			return &limitedConn{Conn: c, l: l, client: client}, nil
		}
		l.refused.Add(1)
		c.Close()
	}
}

// open returns the connections held now.
func (l *connLimiter) open() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.total
}

func (l *connLimiter) release(client string) {
	l.mu.Lock()
	l.total--
	if l.perClient[client]--; l.perClient[client] <= 0 {
		delete(l.perClient, client)
	}
	l.mu.Unlock()
}

// connClient returns the client address of a connection, as
// clientAddress does for a request.
func connClient(c net.Conn) string {
	if a, ok := c.RemoteAddr().(*net.TCPAddr); ok {
		return addressKey(a.IP.String())
	}
	return c.RemoteAddr().String()
}

// limitedConn gives its place back when it is closed, once.
type limitedConn struct {
	net.Conn
	l      *connLimiter
	client string
	once   sync.Once
}

func (c *limitedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() { c.l.release(c.client) })
	return err
}
