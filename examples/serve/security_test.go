package main

import (
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
