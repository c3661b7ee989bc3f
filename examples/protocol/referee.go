package protocol

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/notation"
)

// Referee plays refereed games between players: it keeps the true
// position, plays the chance nodes itself (drawing each outcome with its
// exact probability from a seeded generator), checks every move a
// player sends with the library (Legal) before anyone sees it, tells
// every other player the move, and turns any failure of a player
// (a *Failure: illegal move, malformed reply, timeout, crash, flood,
// refusal, resignation) into the loss of that player's seat by forfeit.
// The zero Referee is usable.
type Referee struct {
	// MoveTime is each player's time per move (0: none, the players'
	// own budgets; an engine's genmove is then bounded by its
	// EngineOptions.NoTimeLimit).
	MoveTime time.Duration
	// Margin is how long a move may take past MoveTime (default 1s).
	Margin time.Duration
	// Timeout bounds a player's other calls: starting a game (with the
	// opening) and being told a move (default 15s).
	Timeout time.Duration
	// MaxPlies stops a game that is still going after this many plies
	// (chance outcomes and the opening included): the game is then
	// unfinished, with Result "*" (0: no limit).
	MaxPlies int
	// Seed seeds the chance draws: the same seed, opening and moves give
	// the same draws.
	Seed uint64
	// Tags are added to the record after Game and Position, e.g. Event or
	// the players' names.
	Tags []notation.Tag
}

// Opening is where a refereed game starts: a position, and moves played
// from it before the players take over (a record's prefix).
type Opening struct {
	Start rules.Dynamic
	Moves []string
}

// Result is a refereed game.
type Result struct {
	// Record is the game: Game (and Position for an unusual start), the
	// Referee's Tags, Result, and Termination when a player forfeited or
	// resigned or the game was stopped; the opening's moves then the
	// game's, in canonical notation. It replays (notation.Record.Replay).
	Record notation.Record
	// Outcome is how the game ended, by the rules or by a forfeit; the
	// zero Outcome (not over) when MaxPlies stopped it.
	Outcome rules.Outcome
	// Final is the last position.
	Final rules.Dynamic
	// Forfeit says who lost by forfeit and why; nil if nobody did.
	Forfeit *Forfeit
}

// Forfeit is the loss of a seat because its player failed.
type Forfeit struct {
	Seat    rules.Player
	Failure *Failure
}

// Kind returns the kind of failure (ErrIllegalMove, ErrTimeout, ...).
func (f *Forfeit) Kind() error { return f.Failure.Kind }

// String says who forfeited and why, e.g. `B sent an illegal move "z9":
// ...`; the record's Termination tag is "forfeit: " and this (or
// "B resigned").
func (f *Forfeit) String() string {
	return f.Seat.String() + " " + f.Failure.phrase()
}

// ForfeitReason is the rules.Reason of a forfeit's Outcome;
// Result.Forfeit and the Termination tag say what happened.
const ForfeitReason = rules.Forfeit

func (r Referee) withDefaults() Referee {
	if r.Margin <= 0 {
		r.Margin = time.Second
	}
	if r.Timeout <= 0 {
		r.Timeout = 15 * time.Second
	}
	return r
}

// Play plays one game from open between players, one per seat
// (players[s] plays seat s; the same Player may sit at several seats and
// is then started once). It returns the game, which ends by the rules, by
// a forfeit or at MaxPlies. The error is for what no player caused: a
// bad opening, a wrong number of players, or ctx done (with the game so
// far). Play does not close the players.
func (r Referee) Play(ctx context.Context, open Opening, players []Player) (Result, error) {
	r = r.withDefaults()
	start := open.Start
	if start == nil {
		return Result{}, errors.New("protocol: the opening has no start position")
	}
	if len(players) != start.Seats() {
		return Result{}, fmt.Errorf("protocol: %d players for a game of %d seats", len(players), start.Seats())
	}
	for s, p := range players {
		if p == nil {
			return Result{}, fmt.Errorf("protocol: no player for seat %v", rules.Player(s))
		}
	}
	g := &game{r: r, ctx: ctx, start: start, pos: start, players: players}
	for i, m := range open.Moves {
		if err := g.apply(m); err != nil {
			return Result{}, fmt.Errorf("protocol: opening move %d: %w", i+1, err)
		}
	}
	uniq := g.distinct()
	for _, p := range uniq {
		if res, done, err := g.startPlayer(p); done {
			return res, err
		}
	}
	chance := rand.New(rand.NewPCG(r.Seed, 0x7ab1e70))
	for g.pos.ToMove() != rules.Terminal {
		if r.MaxPlies > 0 && len(g.moves) >= r.MaxPlies {
			g.stopped = true
			break
		}
		mover := g.pos.ToMove()
		var chooser Player
		var move string
		if mover == rules.Chance {
			move = g.pos.RandomMove(chance)
		} else {
			chooser = players[mover]
			m, res, done, err := g.genMove(mover)
			if done {
				return res, err
			}
			move = m
		}
		at := g.pos
		if err := g.apply(move); err != nil {
			return g.result(), err // cannot happen: the move is legal
		}
		played := g.moves[len(g.moves)-1]
		if res, done, err := g.tell(uniq, chooser, at, played); done {
			return res, err
		}
	}
	return g.result(), nil
}

// distinct returns the players, each once, in the order of their first
// seats: the players a game is started for and told the moves.
func (g *game) distinct() []Player {
	var uniq []Player
	for _, p := range g.players {
		if g.index(uniq, p) < 0 {
			uniq = append(uniq, p)
		}
	}
	return uniq
}

// startPlayer starts p's game (NewGame from the start, then the
// opening's moves told one by one), all within the Timeout. done reports
// that the game ends there: p forfeited (res is the game's Result) or
// ctx is done (err, with the game so far).
func (g *game) startPlayer(p Player) (res Result, done bool, err error) {
	start, r := g.start, g.r
	f, err := g.call(r.Timeout, func(c context.Context) error {
		if err := p.NewGame(c, start, r.MoveTime); err != nil {
			return err
		}
		at := start
		for _, m := range g.moves {
			if err := p.Play(c, at, m); err != nil {
				return err
			}
			at, _ = at.Play(m)
		}
		return nil
	})
	if err != nil {
		return g.result(), true, err
	}
	if f != nil {
		return g.forfeit(g.firstSeat(p), f), true, nil
	}
	return Result{}, false, nil
}

// genMove asks the player of seat mover for its move, within the move
// time and the margin, and checks the move with Legal before anyone sees
// it. done reports that the game ends there: the player forfeited (res
// is the game's Result, an illegal move included) or ctx is done (err).
func (g *game) genMove(mover rules.Player) (move string, res Result, done bool, err error) {
	chooser := g.players[mover]
	limit := time.Duration(0)
	if g.r.MoveTime > 0 {
		limit = g.r.MoveTime + g.r.Margin
	}
	at := g.pos
	// The call's own variable, not the result: a call that timed out may
	// still set it after genMove returns.
	var reply string
	f, err := g.call(limit, func(c context.Context) error {
		m, err := chooser.GenMove(c, at)
		reply = m
		return err
	})
	if err != nil {
		return "", g.result(), true, err
	}
	if f != nil {
		return "", g.forfeit(mover, f), true, nil
	}
	if err := at.Legal(reply); err != nil {
		return "", g.forfeit(mover, &Failure{Kind: ErrIllegalMove, Command: "genmove " + Color(at),
			Detail: quote(reply), Err: err}), true, nil
	}
	return reply, Result{}, false, nil
}

// tell tells every player of uniq but chooser (nil at a chance node) the
// move played at position at, each within the Timeout. done reports that
// the game ends there: a player forfeited (res is the game's Result) or
// ctx is done (err).
func (g *game) tell(uniq []Player, chooser Player, at rules.Dynamic, played string) (res Result, done bool, err error) {
	for _, p := range uniq {
		if chooser != nil && g.same(p, chooser) {
			continue
		}
		f, err := g.call(g.r.Timeout, func(c context.Context) error { return p.Play(c, at, played) })
		if err != nil {
			return g.result(), true, err
		}
		if f != nil {
			return g.forfeit(g.firstSeat(p), f), true, nil
		}
	}
	return Result{}, false, nil
}

// game is the state of one Referee.Play.
type game struct {
	r       Referee
	ctx     context.Context
	start   rules.Dynamic
	pos     rules.Dynamic
	moves   []string
	players []Player
	outcome rules.Outcome
	forf    *Forfeit
	stopped bool
}

// apply plays a move (checked) and records it in canonical notation.
func (g *game) apply(move string) error {
	canonical, err := g.pos.Canonical(move)
	if err != nil {
		return err
	}
	next, err := g.pos.Play(move)
	if err != nil {
		return err
	}
	g.pos = next
	g.moves = append(g.moves, canonical)
	return nil
}

// same reports whether two players are the same one (== where the
// dynamic type allows it).
func (g *game) same(a, b Player) bool {
	ta, tb := reflect.TypeOf(a), reflect.TypeOf(b)
	return ta == tb && ta.Comparable() && a == b
}

func (g *game) index(list []Player, p Player) int {
	for i, q := range list {
		if g.same(p, q) {
			return i
		}
	}
	return -1
}

// firstSeat returns the first seat p plays: the seat that forfeits for a
// failure outside its own move.
func (g *game) firstSeat(p Player) rules.Player {
	for s, q := range g.players {
		if g.same(p, q) {
			return rules.Player(s)
		}
	}
	return 0
}

// call runs one call of a player with a time limit (0: none) and
// returns the player's failure, or an error when ctx is done. A player
// that does not return within the limit and the margin after it is a
// timeout (and its call is left to end on its own); a panic is a crash.
func (g *game) call(limit time.Duration, fn func(context.Context) error) (*Failure, error) {
	c, cancel := g.ctx, context.CancelFunc(func() {})
	if limit > 0 {
		c, cancel = context.WithTimeout(g.ctx, limit)
	}
	defer cancel()
	done := make(chan error, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				done <- &Failure{Kind: ErrCrash, Detail: "panic: " + quote(fmt.Sprint(p))}
			}
		}()
		done <- fn(c)
	}()
	var err error
	select {
	case err = <-done:
	case <-c.Done():
		if g.ctx.Err() != nil {
			return nil, g.ctx.Err()
		}
		select {
		case err = <-done:
		case <-time.After(g.r.Margin):
			err = &Failure{Kind: ErrTimeout, Limit: limit}
		}
	}
	if g.ctx.Err() != nil {
		return nil, g.ctx.Err()
	}
	if err == nil {
		return nil, nil
	}
	var f *Failure
	if errors.As(err, &f) {
		return f, nil
	}
	if r, ok := err.(*Refusal); ok {
		return &Failure{Kind: ErrRefused, Command: r.Command, Detail: quote(r.Reason)}, nil
	}
	return &Failure{Kind: ErrRefused, Err: err}, nil
}

// forfeit ends the game with the loss of seat.
func (g *game) forfeit(seat rules.Player, f *Failure) Result {
	g.forf = &Forfeit{Seat: seat, Failure: f}
	g.outcome = forfeitOutcome(g.pos, seat, g.players, g.same)
	return g.result()
}

// forfeitOutcome is the outcome of a forfeit by seat: the seat loses, and
// the winners are the largest set of the other players' seats that makes
// a result the variant can have (CanEnd): every other seat in a
// two-seat game, the other team in a team game, and in a game with a
// lone winner the first such seat in turn order after the forfeiting one.
func forfeitOutcome(pos rules.Dynamic, seat rules.Player, players []Player, same func(a, b Player) bool) rules.Outcome {
	n := pos.Seats()
	var others []rules.Player
	for k := 1; k < n; k++ {
		s := rules.Player((int(seat) + k) % n)
		if !same(players[s], players[seat]) {
			others = append(others, s)
		}
	}
	if len(others) == 0 { // one player at every seat
		for k := 1; k < n; k++ {
			others = append(others, rules.Player((int(seat)+k)%n))
		}
	}
	for size := len(others); size >= 1; size-- {
		if o, ok := firstCombination(pos, others, size); ok {
			return o
		}
	}
	return rules.Win(n, ForfeitReason, others...)
}

// firstCombination tries the sets of size seats of others, in order, as
// winners.
func firstCombination(pos rules.Dynamic, others []rules.Player, size int) (rules.Outcome, bool) {
	idx := make([]int, size)
	for i := range idx {
		idx[i] = i
	}
	for {
		winners := make([]rules.Player, size)
		for i, k := range idx {
			winners[i] = others[k]
		}
		if o := rules.Win(pos.Seats(), ForfeitReason, winners...); pos.CanEnd(o) {
			return o, true
		}
		i := size - 1
		for i >= 0 && idx[i] == len(others)-size+i {
			i--
		}
		if i < 0 {
			return rules.Outcome{}, false
		}
		idx[i]++
		for j := i + 1; j < size; j++ {
			idx[j] = idx[j-1] + 1
		}
	}
}

// result builds the Result of the game so far.
func (g *game) result() Result {
	rec := notation.Record{Moves: g.moves}
	rec.SetTag("Game", g.start.Spec())
	if usual, err := rules.Open(g.start.Spec()); err != nil || usual.String() != g.start.String() {
		rec.SetTag("Position", g.start.String())
	}
	for _, t := range g.r.Tags {
		rec.SetTag(t.Name, oneLine(t.Value))
	}
	outcome := g.outcome
	if g.forf == nil {
		outcome = g.pos.Outcome()
	}
	result := "*"
	if outcome.Over() {
		result = outcome.Result()
	}
	rec.SetTag("Result", result)
	switch {
	case g.forf != nil && g.forf.Failure.Kind == ErrResigned:
		rec.SetTag("Termination", g.forf.String())
	case g.forf != nil:
		rec.SetTag("Termination", "forfeit: "+g.forf.String())
	case g.stopped:
		rec.SetTag("Termination", "unfinished: stopped after "+strconv.Itoa(len(g.moves))+" plies")
	}
	return Result{Record: rec, Outcome: outcome, Final: g.pos, Forfeit: g.forf}
}

// OpeningFromRecord returns the opening a record gives: its start (the
// [Position] tag, or the start of the [Game]) and its moves. The record
// must replay; its Result tag is ignored.
func OpeningFromRecord(rec notation.Record) (Opening, error) {
	rec.Tags = append([]notation.Tag(nil), rec.Tags...)
	rec.SetTag("Result", "*")
	rp, err := rec.Replay()
	if err != nil {
		return Opening{}, err
	}
	return Opening{Start: rp.Positions[0], Moves: rp.Moves}, nil
}

// maxOpeningsBytes bounds what ReadOpenings reads.
const maxOpeningsBytes = 64 << 20

// ReadOpenings reads a file of openings for the game spec names: game
// records (a file whose first line that is neither blank nor a "#"
// comment starts with "["), each an opening of its start and moves, or
// else position texts, one per line ("#" starts a comment). Every
// opening must be of the variant spec names and leave the game going.
func ReadOpenings(r io.Reader, spec string) ([]Opening, error) {
	game, err := rules.Open(spec)
	if err != nil {
		return nil, err
	}
	data, err := io.ReadAll(io.LimitReader(r, maxOpeningsBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxOpeningsBytes {
		return nil, fmt.Errorf("protocol: openings: more than %d bytes", maxOpeningsBytes)
	}
	var openings []Opening
	check := func(o Opening, where string) error {
		if o.Start.Spec() != game.Spec() {
			return fmt.Errorf("protocol: openings: %s: a game of %s, not %s", where, quote(o.Start.Spec()), game.Spec())
		}
		end := o.Start
		for _, m := range o.Moves {
			end, _ = end.Play(m)
		}
		if end.ToMove() == rules.Terminal {
			return fmt.Errorf("protocol: openings: %s: the game is over", where)
		}
		openings = append(openings, o)
		return nil
	}
	if isRecords(data) {
		for rec, err := range notation.Records(data) {
			if err != nil {
				return nil, fmt.Errorf("protocol: openings: %w", err)
			}
			o, err := OpeningFromRecord(rec)
			if err != nil {
				return nil, fmt.Errorf("protocol: openings: %w", err)
			}
			if err := check(o, "record at line "+strconv.Itoa(rec.Line)); err != nil {
				return nil, err
			}
		}
		return openings, nil
	}
	for i, line := range strings.Split(string(data), "\n") {
		line, _, _ = strings.Cut(line, "#")
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		p, err := rules.OpenPosition(game.Spec(), line)
		if err != nil {
			return nil, fmt.Errorf("protocol: openings: line %d: %w", i+1, err)
		}
		if err := check(Opening{Start: p}, "line "+strconv.Itoa(i+1)); err != nil {
			return nil, err
		}
	}
	return openings, nil
}

// isRecords reports whether the first line that is neither blank nor a
// comment starts with "[".
func isRecords(data []byte) bool {
	for _, line := range bytes.Split(data, []byte("\n")) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		return line[0] == '['
	}
	return false
}
