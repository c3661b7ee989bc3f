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
	// with seat 0 (seed 000).
	DropSetup bool
	// RestrictedDrops allows drops only onto an empty square or a stack
	// the dropper controls (seed 000).
	RestrictedDrops bool
	// Swap adds Sackson's opening swap (seed 002): before the first move,
	// seat 0 then seat 1 exchange two pieces of different colours on the
	// board; seat 1 may not exchange the same two squares again nor make
	// the position symmetric again (R-F4).
	Swap bool
}

// MaxPlyLimit is the largest ply limit a spec may set.
const MaxPlyLimit = 1 << 30

// ParseSpec reads a game spec: "focus", or with options, e.g.
// "focus(setup=drop,drops=restricted,plylimit=1000)".
//
// Options: setup=standard|drop, drops=any|restricted, swap=false|true,
// plylimit=N. The variants players, teams, short and nowak of the sources
// are recognised but not available yet.
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
	for _, o := range spec.Options {
		switch o.Key {
		case "players", "teams", "short", "nowak":
			if o.Key == "players" && o.Value == "2" || o.Key != "players" && o.Value == "false" {
				continue
			}
			return Config{}, &notation.SpecError{Spec: spec.String(), Option: o.Key, Msg: "this variant is not available yet"}
		}
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
	if c.Swap && c.DropSetup {
		return Config{}, &notation.SpecError{Spec: spec.String(), Option: "swap",
			Msg: "the opening swap exchanges pieces of the standard start; with setup=drop the players place their own"}
	}
	return c, nil
}

// Spec returns the canonical spec: "focus", then the options that differ
// from the standard game in the order setup, drops, swap, plylimit.
func (c Config) Spec() notation.Spec {
	s := notation.Spec{Game: "focus"}
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
