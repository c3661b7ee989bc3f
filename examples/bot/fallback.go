package bot

import (
	"cmp"
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"sync"

	"github.com/tabletop-go/rules"
)

// NewDynamic returns the bot called name ("mcts", "guided" or "random") for
// positions of any registered game, played through rules.Dynamic alone:
// what ForDynamic gives for a game with no hook (Register).
//
// It is the same MCTS or Random as the typed bots, run over a position
// type that wraps a rules.Dynamic and a move type that numbers the texts
// of the moves as the bot meets them (moves interned to small integers,
// in a table of the bot's own). Every move listed, parsed or played goes
// through text, and every random game is played move by move with
// Dynamic.RandomMove (a game's fast Rollout is out of reach), so it is
// much slower than a typed bot: from the empty hex(size=7) board its
// MCTS ran about 10 times fewer iterations a second than the typed one
// with RAVE (13,000 against 120,000, medians on a shared 2-core VM) and
// 30 times fewer without (10,000 against 310,000); from the Focus start,
// whose random games are cut after 12 plies, 5 to 12 times fewer
// (BenchmarkFallback). It is the same search otherwise, tree reuse
// between moves included, but for the order of a position's moves (by
// their numbers in the table, not the game's order): where two moves tie
// it may choose another than the typed bot.
//
// The table holds the texts of the moves of the bot's tree and, with
// RAVE, of the moves of its random games. Once it passes maxInterned
// (2^18) moves, the next search starts with a new table and a new tree,
// so that its memory stays bounded as the tree's does (Options.MaxNodes).
// Like the typed bots, the bot is not safe for concurrent use (its own
// workers share the table safely).
func NewDynamic(name string, opts Options) (Dynamic, error) {
	b := &fallback{name: name, opts: opts}
	if err := b.reset(); err != nil {
		return nil, err
	}
	switch b.bot.(type) {
	case *MCTS[dynPos, dynMove]:
		return fallbackSearcher{b}, nil
	case *Guided[dynPos, dynMove]:
		return fallbackGuided{fallbackSearcher{b}, &stepper[dynPos, dynMove]{}}, nil
	}
	return b, nil
}

// maxInterned bounds the moves a fallback bot's table holds between
// searches (a variable, so that a test can make it small).
var maxInterned = 1 << 18

// fallback is NewDynamic's bot.
type fallback struct {
	name   string
	opts   Options
	table  *interner
	bot    Bot[dynPos, dynMove]
	resets uint64
}

// reset gives the bot a new table and a new bot over it, seeded apart
// from the last one.
func (b *fallback) reset() error {
	opts := b.opts
	opts.Seed += b.resets * 0x9e3779b97f4a7c15
	bot, err := New[dynPos, dynMove](b.name, opts)
	if err != nil {
		return err
	}
	b.table = &interner{ids: map[string]dynMove{}}
	b.bot = bot
	b.resets++
	return nil
}

// Choose returns the bot's move at d, as text.
func (b *fallback) Choose(ctx context.Context, d rules.Dynamic) (string, error) {
	if !rules.IsGame(d) {
		return "", &rules.NoGameError{Type: "rules.Dynamic"}
	}
	if b.table.size() > maxInterned {
		if err := b.reset(); err != nil {
			return "", err
		}
	}
	m, err := b.bot.Choose(ctx, dynPos{d: d, t: b.table})
	if err != nil {
		return "", err
	}
	text, _ := b.table.text(m)
	return text, nil
}

// fallbackSearcher is NewDynamic's MCTS or guided bot: a Searcher.
type fallbackSearcher struct{ *fallback }

// AppendRootVisits appends the last search's root visits by action
// index, or nothing for a game without the search-and-learning kit
// (rules.Game.Kit false), whose moves have no index.
func (b fallbackSearcher) AppendRootVisits(buf []ActionVisit) []ActionVisit {
	switch m := b.bot.(type) { // every bot of a reset is of the same kind
	case *MCTS[dynPos, dynMove]:
		if m.last.IsValid() && m.last.d.NumActions() > 0 {
			return m.appendActionVisits(buf)
		}
	case *Guided[dynPos, dynMove]:
		if m.root.IsValid() && m.root.d.NumActions() > 0 {
			return m.appendActionVisits(buf)
		}
	}
	return buf
}

// interner numbers move texts: one number a text, from 0 on.
type interner struct {
	mu    sync.RWMutex
	ids   map[string]dynMove
	texts []string
}

// id returns the number of text, giving it the next one if it has none.
func (t *interner) id(text string) dynMove {
	t.mu.RLock()
	m, ok := t.ids[text]
	t.mu.RUnlock()
	if ok {
		return m
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if m, ok := t.ids[text]; ok {
		return m
	}
	m = dynMove(len(t.texts))
	t.ids[text] = m
	t.texts = append(t.texts, text)
	return m
}

// text returns the text numbered m.
func (t *interner) text(m dynMove) (string, bool) {
	t.mu.RLock()
	defer t.mu.RUnlock()
	if int(m) >= len(t.texts) {
		return "", false
	}
	return t.texts[m], true
}

// textOf is text for a table that may be nil (the invalid position has
// none).
func (t *interner) textOf(m dynMove) (string, bool) {
	if t == nil {
		return "", false
	}
	return t.text(m)
}

// size returns how many texts are numbered.
func (t *interner) size() int {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return len(t.texts)
}

// dynMove is a move of a dynPos: the number of its text in the bot's
// table. The numbers order the moves (AppendMoves lists them ascending),
// which need not be the game's canonical order.
type dynMove uint32

// String returns "#" and the move's number: the text is in the table.
func (m dynMove) String() string { return "#" + strconv.FormatUint(uint64(m), 10) }

// dynPos is a position of any registered game seen through
// rules.Dynamic, with the table that numbers its moves, so that the
// generic bots search it as a rules.Position. The zero value (no
// Dynamic) is the inert invalid value. Two dynPos are equal when their
// Dynamic values are, which compares the typed positions behind them.
type dynPos struct {
	d rules.Dynamic
	t *interner
}

const invalidDynText = "<invalid dynamic position>"

func (p dynPos) IsValid() bool { return p.d != nil }

func (p dynPos) Seats() int {
	if p.d == nil {
		return 0
	}
	return p.d.Seats()
}

func (p dynPos) ToMove() rules.Player {
	if p.d == nil {
		return rules.Terminal
	}
	return p.d.ToMove()
}

// AppendMoves appends the numbers of the legal moves (chance outcomes),
// ascending.
func (p dynPos) AppendMoves(buf []dynMove) []dynMove {
	if p.d == nil {
		return buf
	}
	start := len(buf)
	for _, text := range p.d.Moves() {
		buf = append(buf, p.t.id(text))
	}
	slices.Sort(buf[start:])
	return buf
}

func (p dynPos) MaxMoves() int {
	if p.d == nil {
		return 1
	}
	return p.d.MaxMoves()
}

// AppendChances appends the chance outcomes in AppendMoves' order.
func (p dynPos) AppendChances(buf []rules.ChanceOutcome[dynMove]) []rules.ChanceOutcome[dynMove] {
	if p.d == nil {
		return buf
	}
	start := len(buf)
	for _, c := range p.d.Chances() {
		buf = append(buf, rules.ChanceOutcome[dynMove]{Move: p.t.id(c.Move), Prob: c.Prob})
	}
	slices.SortFunc(buf[start:], func(a, b rules.ChanceOutcome[dynMove]) int { return cmp.Compare(a.Move, b.Move) })
	return buf
}

func (p dynPos) Legal(m dynMove) error {
	if p.d == nil {
		return &rules.MoveError{Move: m.String(), Kind: rules.ErrNoGame}
	}
	text, ok := p.t.text(m)
	if !ok {
		return &rules.MoveError{Move: m.String(), Kind: rules.ErrIllegal}
	}
	return p.d.Legal(text)
}

func (p dynPos) Play(m dynMove) (dynPos, error) {
	if p.d == nil {
		return dynPos{}, &rules.MoveError{Move: m.String(), Kind: rules.ErrNoGame}
	}
	text, ok := p.t.text(m)
	if !ok {
		return dynPos{}, &rules.MoveError{Move: m.String(), Kind: rules.ErrIllegal}
	}
	next, err := p.d.Play(text)
	if err != nil {
		return dynPos{}, err
	}
	return dynPos{d: next, t: p.t}, nil
}

// PlayUnchecked is Play, which checks anyway; an illegal move gives the
// invalid value.
func (p dynPos) PlayUnchecked(m dynMove) dynPos {
	next, _ := p.Play(m)
	return next
}

func (p dynPos) Outcome() rules.Outcome {
	if p.d == nil {
		return rules.Outcome{Reason: rules.Invalid}
	}
	return p.d.Outcome()
}

func (p dynPos) Evaluate(seat rules.Player) (float64, bool) {
	if p.d == nil {
		return 0, false
	}
	return p.d.Evaluate(seat)
}

func (p dynPos) CanEnd(o rules.Outcome) bool { return p.d != nil && p.d.CanEnd(o) }

// Rollout plays the random game with Dynamic.RandomMove, a uniformly
// random legal move or a chance outcome drawn with its probability, as
// the generic loop does: it spares listing and numbering every move at
// every ply, and numbers only the moves it traces.
func (p dynPos) Rollout(r *rand.Rand, maxPlies int, trace []rules.Played[dynMove]) (rules.Outcome, dynPos, []rules.Played[dynMove], bool) {
	if p.d == nil {
		return rules.Outcome{}, p, trace, false
	}
	d := p.d
	for plies := 0; ; plies++ {
		if d.Node() == rules.TerminalNode {
			return d.Outcome(), dynPos{d: d, t: p.t}, trace, true
		}
		if maxPlies >= 0 && plies >= maxPlies {
			return rules.Outcome{}, dynPos{d: d, t: p.t}, trace, true
		}
		mover, move := d.ToMove(), d.RandomMove(r)
		next, err := d.Play(move)
		if err != nil { // a game that breaks its contract: scored unfinished
			return rules.Outcome{}, dynPos{d: d, t: p.t}, trace, true
		}
		if trace != nil {
			trace = append(trace, rules.Played[dynMove]{Move: p.t.id(move), Seat: mover})
		}
		d = next
	}
}

func (p dynPos) Hash() uint64 {
	if p.d == nil {
		return 0
	}
	return p.d.Hash()
}

// ParseMove reads a move of the game and returns its number.
func (p dynPos) ParseMove(s string) (dynMove, error) {
	if p.d == nil {
		return 0, &rules.SyntaxError{What: "move", Input: s, Msg: "no game to read a move of"}
	}
	text, err := p.d.Canonical(s)
	if err != nil {
		return 0, err
	}
	return p.t.id(text), nil
}

func (p dynPos) Spec() string {
	if p.d == nil {
		return ""
	}
	return p.d.Spec()
}

func (p dynPos) String() string {
	if p.d == nil {
		return invalidDynText
	}
	return p.d.String()
}

func (p dynPos) MarshalText() ([]byte, error) {
	if p.d == nil {
		return nil, &rules.NoGameError{Type: "bot.dynPos"}
	}
	return []byte(p.d.String()), nil
}

// noDynMove is the move of no text, which every position refuses.
const noDynMove dynMove = math.MaxUint32

func (p dynPos) Ply() int {
	if p.d == nil {
		return 0
	}
	return p.d.Ply()
}

func (p dynPos) NumActions() int {
	if p.d == nil {
		return 0
	}
	return p.d.NumActions()
}

func (p dynPos) NumChanceActions() int {
	if p.d == nil {
		return 0
	}
	return p.d.NumChanceActions()
}

func (p dynPos) ActionIndex(m dynMove) int {
	text, ok := p.t.textOf(m)
	if p.d == nil || !ok {
		return -1
	}
	i, err := p.d.ActionIndex(text)
	if err != nil {
		return -1
	}
	return i
}

func (p dynPos) ActionMove(i int) (dynMove, bool) {
	if p.d == nil {
		return noDynMove, false
	}
	text, err := p.d.ActionMove(i)
	if err != nil {
		return noDynMove, false
	}
	return p.t.id(text), true
}

func (p dynPos) ChanceMove(i int) (dynMove, bool) {
	if p.d == nil {
		return noDynMove, false
	}
	text, err := p.d.ChanceMove(i)
	if err != nil {
		return noDynMove, false
	}
	return p.t.id(text), true
}

func (p dynPos) ObservationShape() (planes, rows, cols int) {
	if p.d == nil {
		return 0, 0, 0
	}
	s := p.d.ObservationShape()
	return s[0], s[1], s[2]
}

func (p dynPos) AppendObservation(buf []float32, seat rules.Player) []float32 {
	if p.d == nil {
		return buf
	}
	return append(buf, p.d.Observation(seat)...)
}

func (p dynPos) Symmetries() int {
	if p.d == nil {
		return 0
	}
	return p.d.Symmetries()
}

func (p dynPos) Transform(k int) dynPos {
	if p.d == nil {
		return dynPos{}
	}
	d, err := p.d.Transform(k)
	if err != nil {
		return dynPos{}
	}
	return dynPos{d: d, t: p.t}
}

func (p dynPos) TransformMove(k int, m dynMove) dynMove {
	text, ok := p.t.textOf(m)
	if p.d == nil || !ok {
		return noDynMove
	}
	out, err := p.d.TransformMove(k, text)
	if err != nil {
		return noDynMove
	}
	return p.t.id(out)
}
