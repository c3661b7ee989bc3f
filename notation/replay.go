package notation

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/tabletop-go/rules"
)

// ErrNoGameTag is matched (with errors.Is) by the error Replay returns for
// a record without a [Game] tag: without it no game can be opened.
// It also matches rules.ErrBadRecord.
var ErrNoGameTag error = recordFault("the record has no [Game] tag")

// recordFault is a fault of a record's tags; it matches rules.ErrBadRecord.
type recordFault string

func (e recordFault) Error() string { return string(e) }

// Is makes errors.Is(err, rules.ErrBadRecord) true.
func (e recordFault) Is(target error) bool { return target == rules.ErrBadRecord }

// Replay is a record played through the rules of its game.
type Replay struct {
	// Positions holds every position of the game: Positions[0] is the
	// start and Positions[i] the position after ply i.
	Positions []rules.Dynamic
	// Moves holds the plies in canonical notation ("c4" for a record's
	// "C4"): Moves[i] leads from Positions[i] to Positions[i+1].
	Moves []string
	// Outcome is how the game ended, as Record.Outcome tells it from the
	// final position and the record's tags: the rules' outcome, or a
	// resignation, forfeit or agreement the record states.
	Outcome rules.Outcome
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
// The optional [Result] tag is checked against the rules: it must score
// every seat of the game with a result the variant can have (the
// position's CanEnd; Hex, say, has no draws), and once the moves are
// played a game the rules have ended must have the tagged result. A tagged
// decision on a game the rules have not ended is accepted (a player may
// resign or lose on time), and "*" claims nothing.
//
// On failure Replay returns what it replayed so far with a *ReplayError:
// Ply 0 for the record's tags (no [Game] tag, two [Game], [Position] or
// [Result] tags, a bad spec, position or result), the ply of the first move
// that could not be played (with every position up to it in the Replay), or
// one past the last ply for a [Result] tag the rules contradict (with the
// whole game in the Replay, and a *ResultError inside).
//
// Replay keeps every position; Walk replays a record of any length in
// constant memory.
func (rec Record) Replay() (Replay, error) {
	r := Replay{Moves: make([]string, 0, len(rec.Moves))}
	final, err := rec.Walk(func(ply int, pos rules.Dynamic, move string) {
		r.Positions = append(r.Positions, pos)
	})
	var re *ReplayError
	if errors.As(err, &re) && re.Ply == 0 {
		return Replay{}, err
	}
	if re == nil || re.Move == "" {
		r.Positions = append(r.Positions, final) // not a failed ply: the end
	}
	for i := range len(r.Positions) - 1 {
		m, _ := r.Positions[i].Canonical(rec.Moves[i]) // played, so read
		r.Moves = append(r.Moves, m)
	}
	if err == nil {
		r.Outcome = rec.Outcome(final)
	}
	return r, err
}

// Outcome tells how the game of the record ended, given the final
// position its replay reached: the rules' outcome when the position is
// over; otherwise the decision of the [Result] tag, with the reason its
// [Termination] tag gives ("resignation", "forfeit" or one starting
// "forfeit:", "time" for a loss on time, which is a forfeit, "agreement"),
// a resignation for a decision with no Termination tag and an agreement
// for a draw; NotOver when the tag is "*", absent, or no result the
// game can have.
func (rec Record) Outcome(final rules.Dynamic) rules.Outcome {
	if !rules.IsGame(final) {
		return rules.Outcome{}
	}
	if o := final.Outcome(); o.Over() {
		return o
	}
	text, _ := rec.Tag("Result")
	tagged, err := ParseResult(text)
	if err != nil || !tagged.Finished() || !canEnd(final, tagged) {
		return rules.Outcome{}
	}
	reason := rules.Resignation
	term, _ := rec.Tag("Termination")
	switch {
	case term == "forfeit" || term == "time" || strings.HasPrefix(term, "forfeit:"):
		reason = rules.Forfeit
	case term == "agreement" || slices.Equal(tagged.Halves, slices.Repeat([]uint8{1}, len(tagged.Halves))):
		reason = rules.Agreement
	}
	var winners []rules.Player
	for i, h := range tagged.Halves {
		if h == 2 {
			winners = append(winners, rules.Player(i))
		}
	}
	if len(winners) == 0 {
		return rules.Draw(len(tagged.Halves), reason)
	}
	return rules.Win(len(tagged.Halves), reason, winners...)
}

// Walk replays the record as Replay does but keeps no position: before
// each ply it calls visit, if not nil, with the ply's number (from 1),
// the position it is played in and the move as the record writes it
// (pos.Canonical gives its canonical text). It returns the last position
// reached (nil when the start could not be opened) and Replay's error;
// Record.Outcome tells how the game ended.
func (rec Record) Walk(visit func(ply int, pos rules.Dynamic, move string)) (rules.Dynamic, error) {
	fail := func(ply int, move string, err error) error {
		return &ReplayError{Line: rec.Line, Ply: ply, Move: move, Err: err}
	}
	for _, name := range [...]string{"Game", "Position", "Result"} {
		if n := rec.tagCount(name); n > 1 {
			return nil, fail(0, "", recordFault("the record has "+strconv.Itoa(n)+" ["+name+"] tags; it may have one"))
		}
	}
	spec, ok := rec.Tag("Game")
	if !ok {
		return nil, fail(0, "", ErrNoGameTag)
	}
	var pos rules.Dynamic
	var err error
	if position, ok := rec.Tag("Position"); ok {
		pos, err = rules.OpenPosition(spec, position)
	} else {
		pos, err = rules.Open(spec)
	}
	if err != nil {
		return nil, fail(0, "", err)
	}
	var tagged Result
	if text, ok := rec.Tag("Result"); ok {
		if tagged, err = ParseResult(text); err != nil {
			return nil, fail(0, "", err)
		}
		if tagged.Finished() && !canEnd(pos, tagged) {
			return nil, fail(0, "", &ResultError{Tagged: tagged, Game: pos.Spec(), Seats: pos.Seats()})
		}
	}
	for i, move := range rec.Moves {
		if visit != nil {
			visit(i+1, pos, move)
		}
		next, err := pos.Play(move)
		if err != nil {
			return pos, fail(i+1, move, err)
		}
		pos = next
	}
	if outcome := pos.Outcome(); tagged.Finished() && outcome.Over() && !tagged.Matches(outcome) {
		return pos, fail(len(rec.Moves)+1, "", &ResultError{Tagged: tagged, Game: pos.Spec(), Seats: pos.Seats(), Outcome: outcome})
	}
	return pos, nil
}

// tagCount returns how many tags are called name.
func (rec Record) tagCount(name string) int {
	n := 0
	for _, t := range rec.Tags {
		if t.Name == name {
			n++
		}
	}
	return n
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
		msg += ", ply " + strconv.Itoa(e.Ply) + " (" + quoteShort(e.Move) + ")"
	case e.Ply > 0:
		msg += ", after ply " + strconv.Itoa(e.Ply-1)
	}
	if e.Err == nil { // a ReplayError not made by Replay
		return msg
	}
	return msg + ": " + e.Err.Error()
}

// Unwrap gives errors.Is and errors.As the cause.
func (e *ReplayError) Unwrap() error { return e.Err }

// ResultError reports a [Result] tag that the rules contradict: it scores
// the wrong number of seats, is no result the game can have, or the game
// ended otherwise.
type ResultError struct {
	// Tagged is the record's result.
	Tagged Result
	// Game is the game's canonical spec; Seats its number of seats.
	Game  string
	Seats int
	// Outcome is how the game ended by the rules; the zero Outcome when
	// the tag is no result of this game.
	Outcome rules.Outcome
}

// Error returns e.g. `[Result "0-1"], but the game ended 1-0 (connection)`.
func (e *ResultError) Error() string {
	tag := `[Result "` + e.Tagged.String() + `"]`
	switch {
	case e.Outcome.Over():
	case len(e.Tagged.Halves) != e.Seats:
		return tag + " scores " + strconv.Itoa(len(e.Tagged.Halves)) + " seats, but the game has " + strconv.Itoa(e.Seats)
	default:
		return tag + " is no result " + e.Game + " can have"
	}
	return tag + ", but the game ended " + e.Outcome.String()
}

// Is makes errors.Is(err, rules.ErrBadRecord) true.
func (e *ResultError) Is(target error) bool { return target == rules.ErrBadRecord }

// canEnd reports whether a game of pos's variant can end with result r.
func canEnd(pos rules.Dynamic, r Result) bool {
	if len(r.Halves) != pos.Seats() {
		return false
	}
	// A result is a draw or wins and losses; CanEnd ignores the reason,
	// so any reason that ends a game will do.
	const anyEnd = rules.NoLegalMove
	draw := true
	var winners []rules.Player
	for i, h := range r.Halves {
		draw = draw && h == 1
		if h == 2 {
			winners = append(winners, rules.Player(i))
		}
	}
	if !draw && slices.Contains(r.Halves, 1) {
		return false // half points beside wins and losses
	}
	if draw {
		return pos.CanEnd(rules.Draw(len(r.Halves), anyEnd))
	}
	return pos.CanEnd(rules.Win(len(r.Halves), anyEnd, winners...))
}
