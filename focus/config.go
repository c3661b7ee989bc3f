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
}

// MaxPlyLimit is the largest ply limit a spec may set.
const MaxPlyLimit = 1 << 30

// ParseSpec reads a game spec: "focus" or "focus(plylimit=1000)".
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
	if err := spec.CheckKnown("plylimit"); err != nil {
		return Config{}, err
	}
	limit, err := spec.Int("plylimit", 0, 0, MaxPlyLimit)
	if err != nil {
		return Config{}, err
	}
	return Config{PlyLimit: limit}, nil
}

// Spec returns the canonical spec: "focus", or "focus(plylimit=N)".
func (c Config) Spec() notation.Spec {
	s := notation.Spec{Game: "focus"}
	if c.PlyLimit > 0 {
		s.Options = append(s.Options, notation.Option{Key: "plylimit", Value: strconv.Itoa(c.PlyLimit)})
	}
	return s
}

// String returns the canonical spec text.
func (c Config) String() string { return c.Spec().String() }
