package focus

import (
	"strconv"

	"github.com/tabletop-go/rules/notation"
)

// Config selects a Focus game. The zero value is the standard two-player
// game with no ply limit.
type Config struct {
	// PlyLimit, if positive, ends the game as a draw once that many plies
	// have been played (R-F3). It is a library convenience for bots that
	// need games to end, not part of the rules; 0 means no limit.
	PlyLimit int
	// DropSetup starts from an empty board: the seats place their 18
	// pieces one at a time, seat 0 first, each on an empty square or a
	// stack it controls, never making a stack over 5; then play starts
	// with seat 0 (a published variation).
	DropSetup bool
	// RestrictedDrops allows drops only onto an empty square or a stack
	// the dropper controls (a published variation).
	RestrictedDrops bool
	// Swap adds Sackson's opening swap: before the first move,
	// seat 0 then seat 1 exchange two pieces of different colours on the
	// board; seat 1 may not exchange the same two squares again nor make
	// the position symmetric again (R-F4).
	Swap bool
	// Players is 2 (the default; 0 means 2), 3 or 4 (R-F5 to
	// R-F7): 13 pieces each, seats with no legal move are skipped.
	Players int
	// Teams plays four players as two teams, seats {0, 2} against {1, 3}
	// (R-F8): partners' pieces go to the remover's reserve and may be
	// dropped; a seat with no move passes; a team whose partners pass on
	// consecutive turns of the team loses.
	Teams bool
	// Short adds the short-game victory for three and four players (R-F9):
	// captures of every opponent, or ten pieces removed in all.
	Short bool
	// Nowak plays Nowak's checkers-like game (R-F10): moves land only on
	// empty squares, a capture jumps one stack and puts it under the
	// movers, and a turn may start with a drop on an empty square.
	Nowak bool
}

// Default is the configuration of a bare "focus" spec: the standard
// two-player game with no ply limit. The zero Config plays the same game.
var Default = Config{Players: 2}

// canonical returns c with Players written out (0 becomes 2), as
// ParseSpec and Position.Config give it.
func (c Config) canonical() Config {
	c.Players = c.players()
	return c
}

// Validate reports a configuration the package cannot play, with a
// *notation.SpecError naming the option: Players other than 0, 2, 3 or
// 4; Teams without four players; Short with two; Swap or DropSetup with
// more than two, or together; Nowak with more than two players, the drop
// setup, the swap or restricted drops; a PlyLimit below 0 or above
// MaxPlyLimit. Start of such a configuration is the invalid value, and
// ParsePosition refuses every text in it.
func (c Config) Validate() error {
	if err := c.check(); err != nil {
		return err
	}
	if c.PlyLimit < 0 || c.PlyLimit > MaxPlyLimit {
		return &notation.SpecError{Spec: c.String(), Option: "plylimit", Msg: "out of range"}
	}
	return nil
}

// players returns the number of seats.
func (c Config) players() int {
	if c.Players == 0 {
		return 2
	}
	return c.Players
}

// MaxPlyLimit is the largest ply limit a spec may set.
const MaxPlyLimit = 1 << 30

// ParseSpec reads a game spec: "focus", or with options, e.g.
// "focus(setup=drop,drops=restricted,plylimit=1000)".
//
// Options: players=2|3|4, teams=false|true (with players=4),
// short=false|true (3 or 4 players), setup=standard|drop,
// drops=any|restricted, swap=false|true (2 players), nowak=false|true
// (2 players), plylimit=N.
func ParseSpec(s string) (Config, error) {
	spec, err := notation.ParseSpec(s)
	if err != nil {
		return Config{}, err
	}
	return FromSpec(spec)
}

// FromSpec reads the options of a parsed spec, which must name focus.
func FromSpec(spec notation.Spec) (Config, error) {
	if spec.Game != "focus" {
		return Config{}, &notation.SpecError{Spec: spec.String(), Msg: "not a focus spec"}
	}
	if err := spec.CheckKnown("plylimit", "setup", "drops", "swap", "players", "teams", "short", "nowak"); err != nil {
		return Config{}, err
	}
	var c Config
	var err error
	if c.PlyLimit, err = spec.Int("plylimit", 0, 0, MaxPlyLimit); err != nil {
		return Config{}, err
	}
	setup, err := spec.Enum("setup", "standard", "standard", "drop")
	if err != nil {
		return Config{}, err
	}
	drops, err := spec.Enum("drops", "any", "any", "restricted")
	if err != nil {
		return Config{}, err
	}
	if c.Swap, err = spec.Bool("swap", false); err != nil {
		return Config{}, err
	}
	c.DropSetup, c.RestrictedDrops = setup == "drop", drops == "restricted"
	if c.Players, err = spec.Int("players", 2, 2, 4); err != nil {
		return Config{}, err
	}
	if c.Teams, err = spec.Bool("teams", false); err != nil {
		return Config{}, err
	}
	if c.Short, err = spec.Bool("short", false); err != nil {
		return Config{}, err
	}
	if c.Nowak, err = spec.Bool("nowak", false); err != nil {
		return Config{}, err
	}
	if err := c.check(); err != nil {
		err.Spec = spec.String()
		return Config{}, err
	}
	return c, nil
}

// check refuses the combinations that make no sense.
func (c Config) check() *notation.SpecError {
	fail := func(option, msg string) *notation.SpecError {
		return &notation.SpecError{Spec: c.String(), Option: option, Msg: msg}
	}
	switch {
	case c.Players < 0 || c.Players == 1 || c.Players > 4:
		return fail("players", "2, 3 or 4")
	case c.Swap && c.DropSetup:
		return fail("swap", "the opening swap exchanges pieces of the standard start; with setup=drop the players place their own")
	case c.Swap && c.players() != 2:
		return fail("swap", "the opening swap is a two-player rule")
	case c.DropSetup && c.players() != 2:
		return fail("setup", "the drop setup is a two-player rule (R-F11)")
	case c.Teams && c.players() != 4:
		return fail("teams", "teams are two pairs of four players: add players=4")
	case c.Short && c.players() == 2:
		return fail("short", "the short game is for three and four players")
	case c.Nowak && (c.players() != 2 || c.DropSetup || c.Swap || c.RestrictedDrops):
		return fail("nowak", "Nowak's game is for two players from the standard start; its drops go only onto empty squares anyway")
	}
	return nil
}

// Spec returns the canonical spec: "focus", then the options that differ
// from the standard game in the order players, teams, short, nowak,
// setup, drops, swap, plylimit.
func (c Config) Spec() notation.Spec {
	s := notation.Spec{Game: "focus"}
	if c.players() != 2 {
		s.Options = append(s.Options, notation.Option{Key: "players", Value: strconv.Itoa(c.players())})
	}
	if c.Teams {
		s.Options = append(s.Options, notation.Option{Key: "teams", Value: "true"})
	}
	if c.Short {
		s.Options = append(s.Options, notation.Option{Key: "short", Value: "true"})
	}
	if c.Nowak {
		s.Options = append(s.Options, notation.Option{Key: "nowak", Value: "true"})
	}
	if c.DropSetup {
		s.Options = append(s.Options, notation.Option{Key: "setup", Value: "drop"})
	}
	if c.RestrictedDrops {
		s.Options = append(s.Options, notation.Option{Key: "drops", Value: "restricted"})
	}
	if c.Swap {
		s.Options = append(s.Options, notation.Option{Key: "swap", Value: "true"})
	}
	if c.PlyLimit > 0 {
		s.Options = append(s.Options, notation.Option{Key: "plylimit", Value: strconv.Itoa(c.PlyLimit)})
	}
	return s
}

// String returns the canonical spec text.
func (c Config) String() string { return c.Spec().String() }
