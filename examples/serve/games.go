package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/domination"
	dominationsvg "github.com/tabletop-go/rules/domination/svg"
	"github.com/tabletop-go/rules/explocus"
	explocussvg "github.com/tabletop-go/rules/explocus/svg"
	"github.com/tabletop-go/rules/focus"
	focussvg "github.com/tabletop-go/rules/focus/svg"
	"github.com/tabletop-go/rules/hex"
	hexsvg "github.com/tabletop-go/rules/hex/svg"
)

// The per-game table of the server: what the lobby offers (a title, a line
// about the game and its main variants) and how a position is drawn and
// described. Everything else (moves, legality, results, records) goes
// through rules.Dynamic with no game-specific code. A game the table does
// not know (one registered later) is still offered, with its bare spec,
// and drawn as its text diagram.

// variant is one entry of a game's variant menu.
type variant struct {
	Spec  string   `json:"spec"`
	Label string   `json:"label"`
	Seats []string `json:"seats"` // each seat's side, e.g. "Black"
}

// gameInfo is what the lobby shows of a game.
type gameInfo struct {
	Name     string    `json:"name"`
	Title    string    `json:"title"`
	Blurb    string    `json:"blurb"`
	Variants []variant `json:"variants"`
}

// catalogEntry is the table's row for one game: the lobby's text and the
// variants as specs; seat counts are filled in from the rules.
type catalogEntry struct {
	title, blurb string
	variants     [][2]string // spec, label
}

var catalogTable = map[string]catalogEntry{
	"hex": {"Hex", "Connect your two sides of the rhombus. Black joins top and bottom, White left and right; the second player may swap.",
		[][2]string{
			{"hex(size=5)", "5×5 · quick"},
			{"hex(size=7)", "7×7"},
			{"hex(size=9)", "9×9"},
			{"hex(size=11)", "11×11 · standard"},
			{"hex(size=13)", "13×13"},
			{"hex(size=19)", "19×19"},
			{"hex(size=11,swap=none)", "11×11 · no swap"},
		}},
	"focus": {"Focus", "Sid Sackson's stacking game: move a stack as far as it is tall, capture from the bottom, drop your reserve.",
		[][2]string{
			{"focus", "Standard · 2 players"},
			{"focus(swap=true)", "Opening swap"},
			{"focus(setup=drop)", "Drop setup"},
			{"focus(drops=restricted)", "Restricted drops"},
			{"focus(nowak=true)", "Nowak's checkers-like game"},
			{"focus(players=3)", "3 players"},
			{"focus(players=4)", "4 players"},
			{"focus(players=4,teams=true)", "4 players · 2 teams"},
			{"focus(players=3,short=true)", "3 players · short game"},
		}},
	"domination": {"Domination", "Don Woods' race on a torus: draw a domino, move both pieces by its numbers, and leave your opponent stuck.",
		[][2]string{{"domination", "Standard"}}},
	"explocus": {"Explocus", "Focus moves with exploding columns: overfill a square and its men burst onto the neighbours, taking them over.",
		[][2]string{
			{"explocus", "8×8 · standard"},
			{"explocus(rows=6,cols=6)", "6×6 · quick"},
			{"explocus(rows=10,cols=10)", "10×10"},
		}},
	"hexplocus": {"Hexplocus", "Explocus on a hexagon: six directions, and a cell explodes when it holds as many men as it has neighbours.",
		[][2]string{
			{"hexplocus", "Side 6 · standard"},
			{"hexplocus(size=4)", "Side 4 · quick"},
			{"hexplocus(size=8)", "Side 8"},
		}},
}

// catalogOrder is the lobby's order; games the table does not know follow,
// in the registry's order.
var catalogOrder = []string{"hex", "focus", "explocus", "hexplocus", "domination"}

// catalog lists every registered game (rules.Games) with its variants in
// canonical form, each with the site's ply limit (plyCapped). A variant
// the rules refuse is left out; a game the table does not know gets its
// bare spec.
func catalog(maxPlies int) []gameInfo {
	var out []gameInfo
	names := rules.Games()
	slices.SortStableFunc(names, func(a, b string) int {
		rank := func(n string) int {
			if i := slices.Index(catalogOrder, n); i >= 0 {
				return i
			}
			return len(catalogOrder)
		}
		return rank(a) - rank(b)
	})
	for _, name := range names {
		e, ok := catalogTable[name]
		if !ok {
			e = catalogEntry{title: titleCase(name), variants: [][2]string{{name, "Standard"}}}
		}
		info := gameInfo{Name: name, Title: e.title, Blurb: e.blurb}
		for _, v := range e.variants {
			d, err := rules.Open(v[0])
			if err != nil {
				continue
			}
			d = plyCapped(d, maxPlies)
			var seats []string
			for _, sv := range seatViews(d) {
				seats = append(seats, sv.Name)
			}
			info.Variants = append(info.Variants, variant{Spec: d.Spec(), Label: v[1], Seats: seats})
		}
		if len(info.Variants) > 0 {
			out = append(out, info)
		}
	}
	return out
}

func titleCase(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// gameTitle names a spec for people: the lobby's title and variant label
// when the table has them (as the lobby offers them, with maxPlies), else
// the title and the spec's options.
func gameTitle(spec string, maxPlies int) string {
	name := rules.SpecName(spec)
	e, ok := catalogTable[name]
	if !ok {
		return titleCase(name)
	}
	for _, v := range e.variants {
		if d, err := rules.Open(v[0]); err == nil && (d.Spec() == spec || plyCapped(d, maxPlies).Spec() == spec) {
			if label := strings.SplitN(v[1], " · ", 2)[0]; label != "Standard" {
				return e.title + " " + label
			}
			return e.title
		}
	}
	if i := strings.IndexByte(spec, '('); i >= 0 {
		return e.title + " " + spec[i:]
	}
	return e.title
}

// render draws a position with the game's svg package, dispatching on the
// typed position; ok is false for a game with no picture.
func render(d rules.Dynamic, opts svgOptions) (doc []byte, ok bool) {
	switch p := d.Typed().(type) {
	case hex.Position:
		return hexsvg.Render(p, opts), true
	case focus.Position:
		return focussvg.Render(p, opts), true
	case domination.Position:
		return dominationsvg.Render(p, opts), true
	case explocus.Position:
		return explocussvg.Render(p, opts), true
	}
	return nil, false
}

// svgOptions is the options type every svg package shares (each
// package's Options is an alias of the same type).
type svgOptions = hexsvg.Options

// seatView is what the page shows of a seat beside the players' names.
type seatView struct {
	Seat  string `json:"seat"`  // the seat letter
	Name  string `json:"name"`  // the colour or side, e.g. "Black"
	Color string `json:"color"` // a CSS colour for the seat's chip
	Info  string `json:"info,omitempty"`
}

// Seat colours, as the svg packages draw them.
var (
	focusNames  = []string{"Red", "Blue", "Amber", "Green"}
	focusColors = []string{"#e0583a", "#3f7fd1", "#e9a93a", "#4aa35c"}
)

// seatViews describes each seat of a position: its side's name and colour
// and, where the game has them, its reserve, captures or men.
func seatViews(d rules.Dynamic) []seatView {
	n := d.Seats()
	out := make([]seatView, n)
	for i := range out {
		out[i] = seatView{Seat: string(rules.Player(i).Letter()), Name: "Player " + string(rules.Player(i).Letter()), Color: "#888"}
	}
	switch p := d.Typed().(type) {
	case hex.Position:
		for i := range out {
			if p.ColorOf(rules.Player(i)) == hex.Black {
				out[i].Name, out[i].Color = "Black", "#262626"
			} else {
				out[i].Name, out[i].Color = "White", "#f3efe6"
			}
		}
	case focus.Position:
		teams := p.Config().Teams
		for i := range out {
			s := rules.Player(i)
			out[i].Name, out[i].Color = focusNames[i], focusColors[i]
			reserve := fmt.Sprintf("reserve %d", p.Reserve(s))
			if teams {
				reserve += fmt.Sprintf(" + %d of %s's", p.PartnerReserve(s), focusNames[(i+2)%4])
			}
			out[i].Info = fmt.Sprintf("%s · captured %d", reserve, p.Captured(s))
		}
	case domination.Position:
		out[0].Name, out[0].Color = "X", "#e0583a"
		out[1].Name, out[1].Color = "O", "#3f7fd1"
		if t, ok := p.Pending(); ok && p.Turn() >= 0 && int(p.Turn()) < n {
			out[p.Turn()].Info = "drew " + t.String()
		}
	case explocus.Position:
		names, colors := []string{"White", "Black"}, []string{"#f3efe6", "#262626"}
		for i := range out {
			out[i].Name, out[i].Color = names[i%2], colors[i%2]
			out[i].Info = fmt.Sprintf("%d men", p.Men(rules.Player(i)))
		}
	}
	return out
}

// gameNotes is a line under the board for what the seats do not show.
func gameNotes(d rules.Dynamic) string {
	if p, ok := d.Typed().(domination.Position); ok {
		return fmt.Sprintf("%d dominoes left in the pool", p.PoolSize())
	}
	return ""
}
