package notation

import (
	"errors"
	"strconv"

	"github.com/tabletop-go/rules"
)

// ErrNoGameTag is matched (with errors.Is) by the error Replay returns for
// a record without a [Game] tag: without it no game can be opened.
var ErrNoGameTag = errors.New("the record has no [Game] tag")

// Replay is a record played through the rules of its game.
type Replay struct {
	// Positions holds every position of the game: Positions[0] is the
	// start and Positions[i] the position after ply i.
	Positions []rules.Dynamic
	// Moves holds the plies in canonical notation ("c4" for a record's
	// "C4"): Moves[i] leads from Positions[i] to Positions[i+1].
	Moves []string
}

// Final returns the last position reached, or nil for a Replay that holds
// none (the zero Replay, or the one returned with a record whose start
// could not be opened).
func (r Replay) Final() rules.Dynamic {
	if len(r.Positions) == 0 {
		return nil
	}
	return r.Positions[len(r.Positions)-1]
}

// Replay plays the record through the rules of its game. The [Game] tag
// names the game and variant (any game registered with rules.Register,
// which every game package of this module does when it is imported); the
// optional [Position] tag gives a start other than the variant's own, as
// rules.OpenPosition reads it; every move token is then played in turn,
// chance outcomes included.
//
// The optional [Result] tag is checked against the rules once the moves
// are played: a finished game must have the tagged result. A tagged
// decision on a game the rules have not ended is accepted (a player may
// resign or lose on time), and "*" claims nothing. The tag must score
// every seat of the game, though.
//
// On failure Replay returns what it replayed so far with a *ReplayError:
// Ply 0 for the record's tags (no [Game] tag, a bad spec, position or
// result), the ply of the first move that could not be played (with every
// position up to it in the Replay), or one past the last ply for a
// [Result] tag the rules contradict (with the whole game in the Replay,
// and a *ResultError inside).
func (rec Record) Replay() (Replay, error) {
	fail := func(r Replay, ply int, move string, err error) (Replay, error) {
		return r, &ReplayError{Line: rec.Line, Ply: ply, Move: move, Err: err}
	}
	spec, ok := rec.Tag("Game")
	if !ok {
		return fail(Replay{}, 0, "", ErrNoGameTag)
	}
	var start rules.Dynamic
	var err error
	if position, ok := rec.Tag("Position"); ok {
		start, err = rules.OpenPosition(spec, position)
	} else {
		start, err = rules.Open(spec)
	}
	if err != nil {
		return fail(Replay{}, 0, "", err)
	}
	var tagged Result
	resultText, hasResult := rec.Tag("Result")
	if hasResult {
		if tagged, err = ParseResult(resultText); err != nil {
			return fail(Replay{}, 0, "", err)
		}
		if tagged.Finished() && len(tagged.Halves) != start.Seats() {
			return fail(Replay{}, 0, "", &ResultError{Tagged: tagged, Seats: start.Seats()})
		}
	}

	r := Replay{
		Positions: make([]rules.Dynamic, 1, len(rec.Moves)+1),
		Moves:     make([]string, 0, len(rec.Moves)),
	}
	r.Positions[0] = start
	pos := start
	for i, move := range rec.Moves {
		next, err := pos.Play(move)
		if err != nil {
			return fail(r, i+1, move, err)
		}
		canonical, _ := pos.Canonical(move) // Play has read it already
		r.Moves = append(r.Moves, canonical)
		r.Positions = append(r.Positions, next)
		pos = next
	}
	if outcome := pos.Outcome(); tagged.Finished() && outcome.Over() && !tagged.Matches(outcome) {
		return fail(r, len(rec.Moves)+1, "", &ResultError{Tagged: tagged, Seats: pos.Seats(), Outcome: outcome})
	}
	return r, nil
}

// ReplayError reports where a record failed to replay.
type ReplayError struct {
	// Line is the record's Line: where it starts in its stream.
	Line int
	// Ply is 0 for a fault in the record's tags, the 1-based ply of the
	// move that could not be played, or one past the last ply for a
	// [Result] tag that the final position contradicts.
	Ply int
	// Move is the move token as written at Ply, or "".
	Move string
	// Err says what was wrong: ErrNoGameTag; the error of rules.Open or
	// rules.OpenPosition (one matching rules.ErrUnknownGame, a *SpecError
	// for a bad option, a *rules.SyntaxError for a bad position); a
	// *rules.SyntaxError for a bad [Result] tag or a move token that is
	// not a move; a *rules.MoveError for an illegal move (or any move
	// after the end); or a *ResultError.
	Err error
}

// Error returns e.g. "record at line 12, ply 5 (c3): c3: illegal move:
// cell is occupied".
func (e *ReplayError) Error() string {
	msg := "record"
	if e.Line > 0 {
		msg += " at line " + strconv.Itoa(e.Line)
	}
	switch {
	case e.Move != "":
		msg += ", ply " + strconv.Itoa(e.Ply) + " (" + quote(e.Move) + ")"
	case e.Ply > 0:
		msg += ", after ply " + strconv.Itoa(e.Ply-1)
	}
	return msg + ": " + e.Err.Error()
}

// Unwrap gives errors.Is and errors.As the cause.
func (e *ReplayError) Unwrap() error { return e.Err }

// ResultError reports a [Result] tag that the rules contradict: it scores
// the wrong number of seats, or the game ended otherwise.
type ResultError struct {
	// Tagged is the record's result.
	Tagged Result
	// Seats is the number of seats of the game.
	Seats int
	// Outcome is how the game ended by the rules; the zero Outcome when
	// the tag scores the wrong number of seats.
	Outcome rules.Outcome
}

// Error returns e.g. `[Result "0-1"], but the game ended 1-0 (connection)`.
func (e *ResultError) Error() string {
	tag := `[Result "` + e.Tagged.String() + `"]`
	if !e.Outcome.Over() {
		return tag + " scores " + strconv.Itoa(len(e.Tagged.Halves)) + " seats, but the game has " + strconv.Itoa(e.Seats)
	}
	return tag + ", but the game ended " + e.Outcome.String()
}
