package site

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/tabletop-go/rules"
)

// moveRequest is the body of POST /api/games/{id}/moves.
type moveRequest struct {
	Move string `json:"move"`
	Key  string `json:"key"`
	// Ply, if set, is the ply the client saw: the move is refused (409)
	// if the game has moved on since, so that a move meant for one
	// position is never played in another.
	Ply *int `json:"ply"`
}

// moveReply is the body of a move's reply, but the state.
type moveReply struct {
	Move string `json:"move"`
	Ply  int    `json:"ply"`
}

func (s *server) handleMove(w http.ResponseWriter, r *http.Request, g *game) {
	var req moveRequest
	if !decode(w, r, &req) {
		return
	}
	// Everything is decided under the game's lock, and written after it.
	code, body, state := s.playMove(g, req)
	writeWithState(w, code, body, state)
}

// playMove plays a move for the seat its key plays, and returns the reply:
// its status, its body and, for a move played, the game's state.
func (s *server) playMove(g *game, req moveRequest) (code int, body any, state []byte) {
	g.mu.Lock()
	defer g.mu.Unlock()
	seat := g.seatOf(req.Key)
	if seat < 0 {
		return http.StatusForbidden, apiError{Error: "this key plays no seat of the game"}, nil
	}
	ply := g.plies()
	if req.Ply != nil && *req.Ply != ply {
		return http.StatusConflict, apiError{Error: fmt.Sprintf("the game is at ply %d, not %d", ply, *req.Ply), Kind: "stale", Ply: &ply}, nil
	}
	if g.stopped() {
		return http.StatusUnprocessableEntity, apiError{Error: fmt.Sprintf("the game was stopped at %d plies, the site's limit", ply),
			Kind: rules.ErrGameOver.Error()}, nil
	}
	pos := g.pos()
	if pos.Node() == rules.DecisionNode && pos.ToMove() != seat {
		return http.StatusConflict, apiError{Error: "it is " + pos.ToMove().String() + "'s turn, not " + seat.String() + "'s", Kind: "not your turn", Ply: &ply}, nil
	}
	next, canonical, err := pos.PlayCanonical(req.Move)
	if err != nil {
		return http.StatusUnprocessableEntity, moveError(err), nil
	}
	if err := g.play(s.store, canonical, next); err != nil {
		s.cfg.Logf("game %s: %v", g.meta.ID, err)
		return http.StatusInternalServerError, apiError{Error: err.Error()}, nil
	}
	s.afterChange(g)
	return http.StatusOK, moveReply{Move: canonical, Ply: g.plies()}, g.state()
}

// moveError turns the library's error for a refused move into the reply:
// the message, and the reason and kind that it carries.
func moveError(err error) apiError {
	e := apiError{Error: err.Error()}
	var me *rules.MoveError
	var se *rules.SyntaxError
	switch {
	case errors.As(err, &me):
		e.Reason = me.Why()
		if me.Kind != nil {
			e.Kind = me.Kind.Error()
		}
	case errors.As(err, &se):
		e.Kind = rules.ErrSyntax.Error()
		e.Reason = err.Error()
	}
	return e
}
