package site

import (
	"fmt"
	"net/http"
	"time"

	"github.com/tabletop-go/rules"
)

// badTicket is the refusal of a ticket unknown, used or expired.
const badTicket = "this ticket is unknown, used or expired: ask for another"

// handleEvents streams the game's state as server-sent events: one "state"
// event at once and one after every change, with a comment line every 25
// seconds to keep the connection open. A stream opened with a ticket
// (?ticket=, from POST .../tickets) shows its seat as online while it is
// open, and starts with a "seat" event.
//
// Every stream counts against the caps: in all and per client address
// (streamLimiter), and per game. A stream holds at most one event to send,
// the latest state, shared by every stream of the game (never a copy per
// stream): a stream that falls behind skips to the latest state, and one
// whose client takes more than StreamWriteTimeout to take an event is
// dropped.
func (s *server) handleEvents(w http.ResponseWriter, r *http.Request, g *game) {
	q := r.URL.Query()
	if q.Has("key") {
		writeError(w, http.StatusBadRequest, "a seat's key does not go in a URL: trade it for a ticket (POST /api/games/"+g.meta.ID+"/tickets with {\"key\": ...}) and open the stream with ?ticket=")
		return
	}
	// The caps and the ticket are judged together, under the game's lock
	// (the limiter's is taken alone, before it): a bad ticket gets 403
	// whatever the load, since a 503 would tell its client to retry a
	// request that can never succeed, and a good ticket is used up only
	// by the stream it opens, so one refused over a cap stays good.
	ticket := q.Get("ticket")
	client := clientAddress(r)
	counted, why := s.streams.acquire(client)
	if counted {
		defer s.streams.release(client)
	}
	now := time.Now()
	g.mu.Lock()
	full := g.streams >= s.cfg.MaxStreamsPerGame
	opens := counted && !full
	seat, ticketOK := rules.Player(-1), true
	switch {
	case ticket == "":
	case opens:
		seat, ticketOK = g.takeTicket(ticket, now)
	default:
		_, ticketOK = g.ticketSeat(ticket, now)
	}
	if opens && ticketOK {
		g.streams++
		if seat >= 0 {
			g.online[seat]++
			g.changedNow(true)
		}
	}
	g.mu.Unlock()
	switch {
	case !ticketOK:
		writeError(w, http.StatusForbidden, badTicket)
		return
	case !counted:
		refuseOverCap(w, http.StatusServiceUnavailable, why)
		return
	case full:
		refuseOverCap(w, http.StatusServiceUnavailable, fmt.Sprintf("this game has as many event streams open as it may (%d)", s.cfg.MaxStreamsPerGame))
		return
	}
	defer func() {
		g.mu.Lock()
		g.streams--
		if seat >= 0 {
			g.online[seat]--
			g.changedNow(true)
		}
		g.mu.Unlock()
	}()

	rc := http.NewResponseController(w)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	if seat >= 0 && !s.streamWrite(w, rc, []byte("event: seat\ndata: {\"seat\":\""+seat.String()+"\"}\n\n")) {
		return
	}
	ping := time.NewTicker(streamPing)
	defer ping.Stop()
	for {
		g.mu.Lock()
		state, changed := g.state(), g.changed
		g.mu.Unlock()
		if !s.streamWrite(w, rc, []byte("event: state\ndata: "), state, []byte("\n\n")) {
			return
		}
	wait:
		for {
			select {
			case <-changed:
				break wait
			case <-ping.C:
				if !s.streamWrite(w, rc, []byte(": ping\n\n")) {
					return
				}
			case <-r.Context().Done():
				return
			case <-s.ctx.Done():
				return
			}
		}
	}
}

// streamWrite writes an event (in parts: the state is written as it is,
// shared, not copied) and flushes it, giving the client
// StreamWriteTimeout to take it before the stream is dropped.
func (s *server) streamWrite(w http.ResponseWriter, rc *http.ResponseController, parts ...[]byte) bool {
	rc.SetWriteDeadline(time.Now().Add(s.cfg.StreamWriteTimeout))
	for _, p := range parts {
		if _, err := w.Write(p); err != nil {
			return false
		}
	}
	return rc.Flush() == nil
}
