package site

import (
	"container/list"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"sync"
	"time"
)

// The bounds on what clients can make the server hold and do (see the
// package documentation, Limits): a rate of game creation per client
// address (createLimiter), a budget for the games' cached states
// (stateCache), the event streams in all and per client address
// (streamLimiter; per game in events.go), the connections (conns.go), the
// plies of a game (plies.go) and the bots' queue (bots.go).

// Defaults of the limits that config and the flags set.
const (
	defaultMaxGames         = 5000     // games stored
	defaultCreatePerMinute  = 30       // games one client address may create per minute, and at once
	defaultStateCacheBytes  = 32 << 20 // the games' cached states in all
	defaultMaxStreams       = 1024     // event streams open in all (at most half the connections)
	defaultStreamsPerGame   = 64       // event streams open on one game
	defaultStreamsPerClient = 32       // event streams open from one client address (half its connections)
	maxRateClients          = 10000    // client addresses the rate limiter remembers
)

// createLimiter is a token bucket per client address: a client may create
// perMinute games at once, and one more every minute/perMinute after
// that. It remembers at most maxRateClients addresses: when full, it
// forgets those whose bucket has refilled (they are as good as new), and
// then the one seen longest ago.
type createLimiter struct {
	perMinute int

	mu      sync.Mutex
	clients map[string]*bucket
}

type bucket struct {
	tokens float64
	last   time.Time
}

func newCreateLimiter(perMinute int) *createLimiter {
	return &createLimiter{perMinute: perMinute, clients: map[string]*bucket{}}
}

// allow takes a token of the client's bucket; if there is none, it
// returns false and how long until there is one.
func (l *createLimiter) allow(client string, now time.Time) (bool, time.Duration) {
	if l.perMinute <= 0 {
		return true, 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	burst := float64(l.perMinute)
	perSecond := burst / 60
	b := l.clients[client]
	if b == nil {
		if len(l.clients) >= maxRateClients {
			l.forget(now)
		}
		b = &bucket{tokens: burst, last: now}
		l.clients[client] = b
	}
	b.tokens = min(burst, b.tokens+now.Sub(b.last).Seconds()*perSecond)
	b.last = now
	if b.tokens < 1 {
		wait := time.Duration((1 - b.tokens) / perSecond * float64(time.Second))
		return false, wait
	}
	b.tokens--
	return true, 0
}

// forget makes room in the table of clients. The caller holds l.mu.
func (l *createLimiter) forget(now time.Time) {
	burst := float64(l.perMinute)
	for k, b := range l.clients {
		if b.tokens+now.Sub(b.last).Seconds()*burst/60 >= burst {
			delete(l.clients, k)
		}
	}
	for len(l.clients) >= maxRateClients {
		oldest := ""
		var at time.Time
		for k, b := range l.clients {
			if oldest == "" || b.last.Before(at) {
				oldest, at = k, b.last
			}
		}
		delete(l.clients, oldest)
	}
}

// clientAddress is the address a request is limited by: the remote IP
// address, an IPv6 one cut to its /64 network (which one client usually
// holds whole). Behind a reverse proxy every client has the proxy's
// address: X-Forwarded-For is not trusted.
func clientAddress(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	return addressKey(host)
}

// addressKey returns the client address of an IP address as the limits
// count it: IPv4 as it is (an IPv4-mapped IPv6 address as IPv4), IPv6 cut
// to its /64 network.
func addressKey(host string) string {
	addr, err := netip.ParseAddr(host)
	if err != nil {
		return host
	}
	addr = addr.Unmap()
	if addr.Is6() {
		p, _ := addr.Prefix(64)
		return p.String()
	}
	return addr.String()
}

// streamLimiter counts the event streams open, in all and per client
// address, against their caps. Its lock is taken alone: never with a
// game's.
type streamLimiter struct {
	maxTotal, maxPerClient int

	mu        sync.Mutex
	total     int
	perClient map[string]int // only addresses with streams open
}

func newStreamLimiter(maxTotal, maxPerClient int) *streamLimiter {
	return &streamLimiter{maxTotal: maxTotal, maxPerClient: maxPerClient, perClient: map[string]int{}}
}

// acquire counts a stream of client, or says which cap it is over.
func (l *streamLimiter) acquire(client string) (ok bool, why string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch {
	case l.total >= l.maxTotal:
		return false, fmt.Sprintf("the server has as many event streams open as it may (%d)", l.maxTotal)
	case l.perClient[client] >= l.maxPerClient:
		return false, fmt.Sprintf("your address has as many event streams open as it may (%d)", l.maxPerClient)
	}
	l.total++
	l.perClient[client]++
	return true, ""
}

// release gives a stream's place back.
func (l *streamLimiter) release(client string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.total--
	if l.perClient[client]--; l.perClient[client] <= 0 {
		delete(l.perClient, client)
	}
}

// open returns the streams open now.
func (l *streamLimiter) open() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.total
}

// stateCache bounds the memory of the games' cached states (the public
// state as JSON, with the picture): at most limit bytes in all, the least
// recently used dropped first. A dropped state is rebuilt when it is next
// asked for. A game's cached view is read without the cache's lock (an
// atomic pointer to a view never changed once stored), and stored and
// dropped under it, so that the cache can drop another game's view
// without that game's lock.
type stateCache struct {
	limit int

	mu    sync.Mutex
	bytes int
	lru   list.List // of *game, the most recently used first
}

// cachedView is a game's cached state; never changed once stored.
type cachedView struct {
	svg   string // the picture of the position ("" for a game with none)
	drawn bool   // svg is drawn
	state []byte // the public state as JSON, nil until built
}

func (v *cachedView) size() int { return len(v.svg) + len(v.state) + 64 }

// put stores v as g's view (nil drops it) and drops the views used least
// recently while the cache is over its limit (never g's).
func (c *stateCache) put(g *game, v *cachedView) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if old := g.view.Load(); old != nil {
		c.bytes -= old.size()
	}
	g.view.Store(v)
	if v == nil {
		if g.lru != nil {
			c.lru.Remove(g.lru)
			g.lru = nil
		}
		return
	}
	c.bytes += v.size()
	if g.lru == nil {
		g.lru = c.lru.PushFront(g)
	} else {
		c.lru.MoveToFront(g.lru)
	}
	for c.bytes > c.limit {
		e := c.lru.Back()
		other := e.Value.(*game)
		if other == g {
			break
		}
		c.bytes -= other.view.Load().size()
		other.view.Store(nil)
		c.lru.Remove(e)
		other.lru = nil
	}
}

// touch marks g's view as used now.
func (c *stateCache) touch(g *game) {
	c.mu.Lock()
	if g.lru != nil {
		c.lru.MoveToFront(g.lru)
	}
	c.mu.Unlock()
}

// used returns the bytes and the number of the views cached.
func (c *stateCache) used() (bytes, views int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.bytes, c.lru.Len()
}
