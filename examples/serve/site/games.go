package site

import (
	"slices"
	"strings"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/picture"
)

// What the server knows of the games comes from the registries that the
// game packages fill when imported: the lobby's titles, lines and
// variants (rules.Game: Title, Doc, Variants), the seats' names and notes
// (Dynamic.SeatInfo, Note) and the pictures and the seats' colours
// (package picture). Everything else (moves, legality, results, records)
// goes through rules.Dynamic. So a game registered by any package is
// offered, played and drawn with no code of the server's: one with no
// variants is offered with its bare spec, one with no renderer is shown
// as its text diagram.

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

// lobbyOrder is the lobby's order for the games it names; every other
// registered game follows, in the registry's order.
var lobbyOrder = []string{"hex", "focus", "explocus", "hexplocus", "domination"}

// catalog lists every registered game (rules.Games) with the variants its
// registration offers, in canonical form, each with the site's ply limit
// (plyCapped). A variant the rules refuse is left out; a game with no
// variants is offered with its bare spec.
func catalog(maxPlies int) []gameInfo {
	var out []gameInfo
	names := rules.Games()
	slices.SortStableFunc(names, func(a, b string) int {
		rank := func(n string) int {
			if i := slices.Index(lobbyOrder, n); i >= 0 {
				return i
			}
			return len(lobbyOrder)
		}
		return rank(a) - rank(b)
	})
	for _, name := range names {
		g, err := rules.Lookup(name)
		if err != nil {
			continue
		}
		info := gameInfo{Name: name, Title: title(g), Blurb: g.Doc}
		for _, v := range offered(g) {
			d, err := rules.Open(v.Spec)
			if err != nil {
				continue
			}
			d = plyCapped(d, maxPlies)
			var seats []string
			for _, sv := range seatViews(d) {
				seats = append(seats, sv.Name)
			}
			info.Variants = append(info.Variants, variant{Spec: d.Spec(), Label: v.Label, Seats: seats})
		}
		if len(info.Variants) > 0 {
			out = append(out, info)
		}
	}
	return out
}

// offered returns the variants the lobby offers of g: its registration's,
// or its bare spec.
func offered(g rules.Game) []rules.Variant {
	if len(g.Variants) > 0 {
		return g.Variants
	}
	return []rules.Variant{{Spec: g.Name, Label: "Standard"}}
}

// title is g's name for people: its Title, or its name capitalised.
func title(g rules.Game) string {
	if g.Title != "" {
		return g.Title
	}
	return titleCase(g.Name)
}

func titleCase(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// gameTitle names a spec for people: the game's title and the label of
// the variant the lobby offers with that spec (with maxPlies), the label
// up to its first " · " and left out when "Standard"; else the title and
// the spec's options.
func gameTitle(spec string, maxPlies int) string {
	g, err := rules.Lookup(spec)
	if err != nil {
		return titleCase(rules.SpecName(spec))
	}
	t := title(g)
	for _, v := range offered(g) {
		if d, err := rules.Open(v.Spec); err == nil && (d.Spec() == spec || plyCapped(d, maxPlies).Spec() == spec) {
			if label, _, _ := strings.Cut(v.Label, " · "); label != "Standard" {
				return t + " " + label
			}
			return t
		}
	}
	if i := strings.IndexByte(spec, '('); i >= 0 {
		return t + " " + spec[i:]
	}
	return t
}

// render draws a position with its game's registered renderer; ok is
// false for a game with none.
func render(d rules.Dynamic, opts svgOptions) (doc []byte, ok bool) {
	doc, err := picture.Render(d, opts)
	return doc, err == nil
}

// svgOptions is the options type of every renderer.
type svgOptions = picture.Options

// seatView is what the page shows of a seat beside the players' names.
type seatView struct {
	Seat  string `json:"seat"`  // the seat letter
	Name  string `json:"name"`  // the colour or side, e.g. "Black"
	Color string `json:"color"` // a CSS colour for the seat's chip
	Info  string `json:"info,omitempty"`
}

// seatViews describes each seat of a position as its game does
// (rules.SeatInfo): its side's name, a note (reserve, captures, men, the
// domino drawn) and the colour the picture draws it in.
func seatViews(d rules.Dynamic) []seatView {
	out := make([]seatView, d.Seats())
	for i := range out {
		seat := rules.Player(i)
		info := d.SeatInfo(seat)
		if info.Name == "" {
			info.Name = "Player " + seat.String()
		}
		out[i] = seatView{Seat: seat.String(), Name: info.Name, Color: picture.SeatColor(d, seat), Info: info.Note}
	}
	return out
}

// gameNotes is a line under the board for what the seats do not show
// (rules.Dynamic.Note: the dominoes left in Domination's pool).
func gameNotes(d rules.Dynamic) string { return d.Note() }
