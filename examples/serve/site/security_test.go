package site

import (
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
)

// TestOnlyJSONFromTheSiteItselfCreatesGames reproduces the cross-site
// creation of issue #21 (item 10): POST /api/games took text/plain, form
// and multipart bodies (which any page may send anywhere without asking)
// from any Origin. A body must be application/json (415 otherwise), and a
// request a browser marks as cross-site is refused (403).
func TestOnlyJSONFromTheSiteItselfCreatesGames(t *testing.T) {
	_, c := startServer(t, "")
	body := `{"spec":"hex(size=5)","seats":["human","bot"]}`
	for _, ct := range []string{"", "text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded",
		"multipart/form-data; boundary=x", "application/jsonx", "application/json; charset=latin1"} {
		header := http.Header{}
		if ct != "" {
			header.Set("Content-Type", ct)
		}
		if code, data, err := c.doHeader("POST", "/api/games", body, header); err != nil || code != http.StatusUnsupportedMediaType {
			t.Errorf("Content-Type %q: %d %.200s %v, want 415", ct, code, data, err)
		}
	}
	for _, h := range []http.Header{
		{"Origin": {"https://evil.example"}},
		{"Origin": {"null"}},
		{"Sec-Fetch-Site": {"cross-site"}},
		{"Sec-Fetch-Site": {"same-site"}, "Origin": {"http://other.127.0.0.1.nip.io"}},
	} {
		h.Set("Content-Type", "application/json")
		if code, data, err := c.doHeader("POST", "/api/games", body, h); err != nil || code != http.StatusForbidden {
			t.Errorf("%v: %d %.200s %v, want 403", h, code, data, err)
		}
	}
	// The site's own page: same origin.
	h := http.Header{"Content-Type": {"application/json; charset=utf-8"}, "Sec-Fetch-Site": {"same-origin"}, "Origin": {c.base}}
	if code, data, err := c.doHeader("POST", "/api/games", body, h); err != nil || code != http.StatusCreated {
		t.Errorf("the site's own request: %d %.200s %v", code, data, err)
	}
}

// TestJSONFieldsMatchExactlyAndOnce reproduces the lax JSON of issue #21
// (item 11): field names matched in any case, and a field given twice
// took the last value. Both are refused (400), as is a body that is no
// object.
func TestJSONFieldsMatchExactlyAndOnce(t *testing.T) {
	_, c := startServer(t, "")
	g := c.create("hex(size=5,swap=none)", "human", "human")
	key := g.Seats[0].Key
	for _, body := range []string{
		`{"Move":"c3","key":"` + key + `"}`,
		`{"move":"c3","KEY":"` + key + `"}`,
		`{"move":"a1","move":"c3","key":"` + key + `"}`,
		`{"move":"c3","key":"nobody","key":"` + key + `"}`,
		`{"move":"c3","key":"` + key + `","ply":0,"ply":0}`,
		`["c3"]`,
		`{"move":"c3","key":"` + key + `"} {}`,
	} {
		if code, data, err := c.do("POST", "/api/games/"+g.ID+"/moves", body); err != nil || code != http.StatusBadRequest {
			t.Errorf("%s: %d %.200s %v, want 400", body, code, data, err)
		}
	}
	for _, body := range []string{
		`{"Spec":"hex(size=5)","seats":["human","human"]}`,
		`{"spec":"hex(size=5)","spec":"hex(size=7)","seats":["human","human"]}`,
	} {
		if code, data, err := c.do("POST", "/api/games", body); err != nil || code != http.StatusBadRequest {
			t.Errorf("%s: %d %.200s %v, want 400", body, code, data, err)
		}
	}
	if s := c.state(g.ID); s.Ply != 0 {
		t.Errorf("a refused body played a move: ply %d", s.Ply)
	}
	// Escapes spell the same name: that is the name.
	if code, data, err := c.do("POST", "/api/games/"+g.ID+"/moves", `{"mov\u0065":"c3","key":"`+key+`"}`); err != nil || code != http.StatusOK {
		t.Errorf("an escaped field name: %d %.200s %v", code, data, err)
	}
}

// TestKeysStayOutOfURLs reproduces the secret in the event stream's URL of
// issue #21 (item 11): ?key= is refused, with a message that says how
// to open a seat's stream instead.
func TestKeysStayOutOfURLs(t *testing.T) {
	_, c := startServer(t, "")
	g := c.create("hex(size=5,swap=none)", "human", "human")
	code, data, err := c.do("GET", "/api/games/"+g.ID+"/events?key="+g.Seats[0].Key, nil)
	if err != nil || code != http.StatusBadRequest || !strings.Contains(string(data), "ticket") {
		t.Errorf("a key in the URL: %d %.200s %v, want 400 naming the ticket", code, data, err)
	}
}

// TestRequestsForAnotherHostAreRefused reproduces the DNS rebinding the
// tester found: a POST with Host and Origin both evil.example (what a
// browser sends for a page of evil.example whose name was made to resolve
// to this server) passed the cross-site check, which compares the two,
// and created a game. A request whose Host the site does not serve is
// refused (421) whatever it asks; the names of the loopback listener
// (127.0.0.1, localhost, [::1], with its port, in any case) are served.
func TestRequestsForAnotherHostAreRefused(t *testing.T) {
	_, c := startServer(t, "")
	port := c.base[strings.LastIndexByte(c.base, ':')+1:]
	body := `{"spec":"hex(size=5)","seats":["human","human"]}`
	for _, host := range []string{"evil.example", "evil.example:" + port, "localhost", "localhost:1", "127.0.0.1",
		"127.0.0.2:" + port, "10.0.0.1:" + port, "localhost.:" + port} {
		h := http.Header{"Content-Type": {"application/json"}, "Origin": {"http://" + host}, "Host": {host}}
		if code, data, err := c.doHeader("POST", "/api/games", body, h); err != nil || code != http.StatusMisdirectedRequest || !strings.Contains(string(data), "host") {
			t.Errorf("POST with Host %s: %d %.200s %v, want 421", host, code, data, err)
		}
		if code, data, err := c.doHeader("GET", "/api/catalog", nil, http.Header{"Host": {host}}); err != nil || code != http.StatusMisdirectedRequest {
			t.Errorf("GET with Host %s: %d %.200s %v, want 421", host, code, data, err)
		}
	}
	for _, host := range []string{"127.0.0.1:" + port, "localhost:" + port, "LocalHost:" + port, "[::1]:" + port} {
		h := http.Header{"Content-Type": {"application/json"}, "Origin": {"http://" + host}, "Host": {host}}
		if code, data, err := c.doHeader("POST", "/api/games", body, h); err != nil || code != http.StatusCreated {
			t.Errorf("POST with Host %s: %d %.200s %v, want 201", host, code, data, err)
		}
	}
}

// TestHostPolicy: the names a site answers to, by its listen address and
// the -host entries.
func TestHostPolicy(t *testing.T) {
	all, err := newHostPolicy(&net.TCPAddr{IP: net.IPv6unspecified, Port: 9000}, []string{"Games.Example.org", "proxy.example:8443", "[2001:db8::1]:443"})
	if err != nil {
		t.Fatal(err)
	}
	public, err := newHostPolicy(&net.TCPAddr{IP: net.ParseIP("192.0.2.7"), Port: 80}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		p     *hostPolicy
		host  string
		allow bool
	}{
		{all, "games.example.org", true}, // a name without a port: any port, or none
		{all, "games.example.org:443", true},
		{all, "GAMES.EXAMPLE.ORG:8080", true},
		{all, "proxy.example:8443", true},
		{all, "proxy.example", false}, // a name with a port: only that one
		{all, "proxy.example:9000", false},
		{all, "[2001:db8::1]:443", true},
		{all, "[2001:db8::1]:9000", true}, // an address on every address's port
		{all, "198.51.100.3:9000", true},
		{all, "198.51.100.3:9001", false},
		{all, "198.51.100.3", false},
		{all, "localhost:9000", true},
		{all, "evil.example:9000", false},
		{all, "", false},
		{public, "192.0.2.7", true}, // port 80 is the one a Host without a port names
		{public, "192.0.2.7:80", true},
		{public, "192.0.2.8:80", false},
		{public, "localhost:80", false}, // not a loopback listener
		{public, "evil.example", false},
	} {
		if got := tc.p.allows(tc.host); got != tc.allow {
			t.Errorf("Host %q: allowed %v, want %v", tc.host, got, tc.allow)
		}
	}
	for _, bad := range []string{"http://games.example.org", "games.example.org/", "a@b", "games.example.org:http", "x:0", "x:65536", ":80", "", "*", "*.example.org", "é.example", "games_example.org"} {
		if _, err := newHostPolicy(&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 80}, []string{bad}); err == nil {
			t.Errorf("-host %q is taken", bad)
		}
		if err := Run(t.Context(), []string{"-host", "ok.example," + bad}, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "-host") {
			t.Errorf("the command takes -host ok.example,%s: %v", bad, err)
		}
	}
}

// TestTheHostFlagNamesTheSitesPublicNames: the command answers to the
// names -host gives (a proxy's public name), besides its own address.
func TestTheHostFlagNamesTheSitesPublicNames(t *testing.T) {
	dir := t.TempDir()
	p := startProcess(t, dir, "SERVE_TEST_ARGS=-addr 127.0.0.1:0 -quiet -data "+dir+" -host games.example.org,proxy.example:8443")
	c := newClient(t, p.base)
	for host, want := range map[string]int{
		"games.example.org":     http.StatusOK,
		"games.example.org:443": http.StatusOK,
		"proxy.example:8443":    http.StatusOK,
		"proxy.example":         http.StatusMisdirectedRequest,
		"evil.example":          http.StatusMisdirectedRequest,
	} {
		if code, data, err := c.doHeader("GET", "/api/catalog", nil, http.Header{"Host": {host}}); err != nil || code != want {
			t.Errorf("Host %s: %d %.100s %v, want %d", host, code, data, err, want)
		}
	}
	if code, _, err := c.doHeader("GET", "/api/catalog", nil, nil); err != nil || code != http.StatusOK {
		t.Errorf("its own address: %d %v", code, err)
	}
}
