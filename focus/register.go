package focus

import "github.com/tabletop-go/rules"

// Importing the package registers "focus" with rules.Register, so that
// rules.Open("focus(players=4,teams=true)") starts a game, with the
// variants a lobby offers and the options of its spec.
func init() {
	// One registration, two position types: a spec with nowak=true opens
	// a NowakPosition, every other a Position.
	focus := rules.MakeGame("focus", ParseSpec, Config.Start, Config.ParsePosition)
	nowak := rules.MakeGame("focus", ParseSpec, Config.StartNowak, Config.ParseNowakPosition)
	isNowak := func(spec string) bool {
		c, err := ParseSpec(spec)
		return err == nil && c.Nowak
	}
	g := focus
	g.Open = func(spec string) (rules.Dynamic, error) {
		if isNowak(spec) {
			return nowak.Open(spec)
		}
		return focus.Open(spec)
	}
	g.OpenPosition = func(spec, position string) (rules.Dynamic, error) {
		if isNowak(spec) {
			return nowak.OpenPosition(spec, position)
		}
		return focus.OpenPosition(spec, position)
	}
	g.Title = "Focus"
	g.Doc = "Sid Sackson's stacking game: move a stack as far as it is tall, capture from the bottom, drop your reserve."
	g.Variants = []rules.Variant{
		{Spec: "focus", Label: "Standard · 2 players"},
		{Spec: "focus(swap=true)", Label: "Opening swap"},
		{Spec: "focus(setup=drop)", Label: "Drop setup"},
		{Spec: "focus(drops=restricted)", Label: "Restricted drops"},
		{Spec: "focus(nowak=true)", Label: "Nowak's checkers-like game"},
		{Spec: "focus(players=3)", Label: "3 players"},
		{Spec: "focus(players=4)", Label: "4 players"},
		{Spec: "focus(players=4,teams=true)", Label: "4 players · 2 teams"},
		{Spec: "focus(players=3,short=true)", Label: "3 players · short game"},
	}
	g.Options = []rules.Option{
		{Name: "players", Kind: rules.OptionInt, Min: 2, Max: 4, Default: "2", Doc: "the number of seats"},
		{Name: "teams", Kind: rules.OptionBool, Default: "false", With: "players=4",
			Doc: "four players as two teams, A and C against B and D (needs players=4)"},
		{Name: "short", Kind: rules.OptionBool, Default: "false", With: "players=3",
			Doc: "the short game's victory: captures of every opponent, or ten pieces removed (3 or 4 players)"},
		{Name: "nowak", Kind: rules.OptionBool, Default: "false",
			Doc: "Nowak's checkers-like game: moves land on empty squares, captures jump (2 players, the standard start)"},
		{Name: "setup", Kind: rules.OptionEnum, Values: []string{"standard", "drop"}, Default: "standard",
			Doc: "standard, or drop: the players place their pieces one at a time on an empty board (2 players)"},
		{Name: "drops", Kind: rules.OptionEnum, Values: []string{"any", "restricted"}, Default: "any",
			Doc: "any square, or restricted: drops only on an empty square or a stack the dropper controls"},
		{Name: "swap", Kind: rules.OptionBool, Default: "false",
			Doc: "Sackson's opening swap of two pieces of different colours by each seat (2 players, standard setup)"},
		{Name: "plylimit", Kind: rules.OptionInt, Min: 0, Max: MaxPlyLimit, Default: "0",
			Doc: "a draw after N plies (0: none); a convenience for bots, not part of the rules"},
	}
	rules.Register(g)
}
