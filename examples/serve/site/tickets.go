package site

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"net/http"
	"time"

	"github.com/tabletop-go/rules"
)

// A seat's key never goes in a URL, where proxies and logs keep it: a page
// trades it (POST /api/games/{id}/tickets, the key in the body) for a
// ticket, a short-lived secret good for opening one event stream as that
// seat (GET .../events?ticket=). The trade is also how a page learns that
// a key plays a seat before it keeps the key.
const (
	ticketTTL         = 30 * time.Second
	maxTicketsPerGame = 16 // the oldest is dropped for a new one beyond
)

// tickets are a game's stream tickets handed out and not yet used; the
// game's lock guards them.
type tickets map[string]ticket

type ticket struct {
	seat    rules.Player
	expires time.Time
}

// newTicket returns a new ticket for seat, dropping expired tickets and,
// when the game holds maxTicketsPerGame, the one that expires first. The
// caller holds g.mu.
func (g *game) newTicket(seat rules.Player, now time.Time) string {
	if g.tickets == nil {
		g.tickets = tickets{}
	}
	for t, tk := range g.tickets {
		if !now.Before(tk.expires) {
			delete(g.tickets, t)
		}
	}
	for len(g.tickets) >= maxTicketsPerGame {
		first := ""
		for t, tk := range g.tickets {
			if first == "" || tk.expires.Before(g.tickets[first].expires) {
				first = t
			}
		}
		delete(g.tickets, first)
	}
	var b [16]byte
	rand.Read(b[:])
	t := base64.RawURLEncoding.EncodeToString(b[:])
	g.tickets[t] = ticket{seat: seat, expires: now.Add(ticketTTL)}
	return t
}

// ticketSeat returns a ticket's seat without using it up, or false for a
// ticket that is unknown, used or expired. The caller holds g.mu.
func (g *game) ticketSeat(t string, now time.Time) (rules.Player, bool) {
	_, tk, ok := g.findTicket(t)
	return tk.seat, ok && now.Before(tk.expires)
}

// takeTicket uses a ticket up: it returns its seat, or false for a
// ticket that is unknown, used or expired. The caller holds g.mu.
func (g *game) takeTicket(t string, now time.Time) (rules.Player, bool) {
	k, tk, ok := g.findTicket(t)
	if !ok {
		return -1, false
	}
	delete(g.tickets, k)
	return tk.seat, now.Before(tk.expires)
}

// findTicket looks a ticket up. It compares it with every ticket held,
// each in constant time, so that the time taken does not tell how much
// of a ticket a guess got right.
func (g *game) findTicket(t string) (string, ticket, bool) {
	found := ""
	for k := range g.tickets {
		if subtle.ConstantTimeCompare([]byte(k), []byte(t)) == 1 {
			found = k
		}
	}
	tk, ok := g.tickets[found]
	if !ok {
		return "", ticket{seat: -1}, false
	}
	return found, tk, true
}

// ticketRequest is the body of POST /api/games/{id}/tickets.
type ticketRequest struct {
	Key string `json:"key"`
}

// ticketReply is its reply.
type ticketReply struct {
	Ticket    string `json:"ticket"`
	Seat      string `json:"seat"`
	ExpiresIn int    `json:"expiresIn"` // seconds
}

// handleTicket trades a seat's key for a stream ticket.
func (s *server) handleTicket(w http.ResponseWriter, r *http.Request, g *game) {
	var req ticketRequest
	if !decode(w, r, &req) {
		return
	}
	g.mu.Lock()
	seat := g.seatOf(req.Key)
	t := ""
	if seat >= 0 {
		t = g.newTicket(seat, time.Now())
	}
	g.mu.Unlock()
	if seat < 0 {
		writeError(w, http.StatusForbidden, "this key plays no seat of the game")
		return
	}
	writeJSON(w, http.StatusCreated, ticketReply{Ticket: t, Seat: seat.String(), ExpiresIn: int(ticketTTL / time.Second)})
}
