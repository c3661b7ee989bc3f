package site

import (
	"fmt"
	"net"
	"net/http"
	"strconv"
	"strings"
)

// hostPolicy is the set of names the site answers to, checked against
// every request's Host. Without it a page of another site could reach
// this one through DNS rebinding: its name, resolved again to this
// server's address (127.0.0.1, say), makes the browser send the page's
// requests here as same-origin ones, with its own name as Host and
// Origin, which the cross-origin check compares and finds equal. The
// Host is the one thing such a page cannot choose (it is the name the
// page was loaded from), so a Host the site does not serve is refused
// (421) before anything else. (A client that is no browser may send any
// Host, but it gains nothing: it could send its requests anyway.)
type hostPolicy struct {
	// exact holds "host:port" (net.JoinHostPort, lower case) of the
	// listen address, of its loopback names and of -host entries with a
	// port; names the -host entries without one, allowed on any port.
	exact, names map[string]bool
	// anyIP, for a listener on every address (":8080"), is its port: a
	// Host that is an IP address is allowed with it, as a name that no
	// DNS answer can rebind (the browser's origin is then the address).
	anyIP string
}

// newHostPolicy returns the policy of a site listening on listen, with
// extra the -host entries (NAME or NAME:PORT, the public names behind a
// proxy). By default the site answers to its listen address's host:port,
// and for a loopback listener to localhost, 127.0.0.1 and [::1] with its
// port; for one on every address, to localhost:PORT and any IP address
// with the port.
func newHostPolicy(listen net.Addr, extra []string) (*hostPolicy, error) {
	p := &hostPolicy{exact: map[string]bool{}, names: map[string]bool{}}
	tcp, ok := listen.(*net.TCPAddr)
	if !ok {
		return nil, fmt.Errorf("the listen address %s is not TCP", listen)
	}
	port := strconv.Itoa(tcp.Port)
	switch {
	case tcp.IP == nil || tcp.IP.IsUnspecified():
		p.anyIP = port
		p.exact[net.JoinHostPort("localhost", port)] = true
	case tcp.IP.IsLoopback():
		for _, h := range []string{"localhost", "127.0.0.1", "::1", tcp.IP.String()} {
			p.exact[net.JoinHostPort(h, port)] = true
		}
	default:
		p.exact[net.JoinHostPort(tcp.IP.String(), port)] = true
	}
	for _, e := range extra {
		host, port, err := parseHostEntry(e)
		if err != nil {
			return nil, err
		}
		if port == "" {
			p.names[host] = true
		} else {
			p.exact[net.JoinHostPort(host, port)] = true
		}
	}
	return p, nil
}

// parseHostEntry reads a -host entry, NAME or NAME:PORT ([ADDR]:PORT for
// an IPv6 address), in lower case.
func parseHostEntry(e string) (host, port string, err error) {
	e = strings.ToLower(strings.TrimSpace(e))
	if strings.Contains(e, "://") {
		return "", "", fmt.Errorf("-host %q: give a host name, NAME or NAME:PORT, not a URL", e)
	}
	host, port, err = net.SplitHostPort(e)
	if err != nil { // no port
		host, port = strings.TrimSuffix(strings.TrimPrefix(e, "["), "]"), ""
	} else if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 || strconv.Itoa(n) != port {
		return "", "", fmt.Errorf("-host %q: the port is not a number from 1 to 65535", e)
	}
	if net.ParseIP(host) == nil && !isHostName(host) {
		return "", "", fmt.Errorf("-host %q is not NAME or NAME:PORT (a name of letters, digits, hyphens and dots; an international name in its xn-- form, as browsers send it; no wildcards)", e)
	}
	return host, port, nil
}

// allows reports whether the site answers to host, a request's Host.
// Names are compared in lower case; a Host without a port is on port 80,
// plain HTTP's.
func (p *hostPolicy) allows(host string) bool {
	host = strings.ToLower(host)
	name, port, err := net.SplitHostPort(host)
	if err != nil {
		name, port = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]"), "80"
	}
	if name == "" {
		return false
	}
	if p.names[name] || p.exact[net.JoinHostPort(name, port)] {
		return true
	}
	return p.anyIP != "" && port == p.anyIP && net.ParseIP(name) != nil
}

// checkHost serves a request through h if the site answers to its Host,
// and refuses it otherwise (421 Misdirected Request: this server is not
// the one the name is for).
func checkHost(p *hostPolicy, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !p.allows(r.Host) {
			writeError(w, http.StatusMisdirectedRequest, fmt.Sprintf("this site does not answer to the host %s (an operator names the public names behind a proxy with -host)", strconv.Quote(r.Host)))
			return
		}
		h.ServeHTTP(w, r)
	})
}

// isHostName reports whether s is a DNS name as a Host header carries
// it: ASCII letters, digits, hyphens and dots (browsers send an
// international name in its punycode form).
func isHostName(s string) bool {
	if s == "" || len(s) > 253 {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '.') {
			return false
		}
	}
	return true
}
