package explocus

import (
	"strconv"

	"github.com/tabletop-go/rules/notation"
)

// MinSize and MaxSize bound the board's rows and columns.
const (
	MinSize = 3
	MaxSize = 26
)

// MaxPlyLimit is the largest ply limit a spec may set.
const MaxPlyLimit = 1 << 30

// Config selects an Explocus game: the board and an optional ply limit.
// The zero value is not valid; start from Default or ParseSpec.
type Config struct {
	// Rows and Cols give the board size, MinSize to MaxSize each.
	Rows, Cols int
	// PlyLimit, if positive, ends the game as a draw once that many plies
	// have been played. It is a library convenience, not part of the
	// rules (the game has no termination rule); 0 means no limit.
	PlyLimit int
}

// Default is the configuration of a bare "explocus" spec: 8×8, no limit.
var Default = Config{Rows: 8, Cols: 8}

// ParseSpec reads a game spec such as "explocus",
// "explocus(rows=10,cols=12)" or "explocus(plylimit=1000)".
func ParseSpec(s string) (Config, error) {
	spec, err := notation.ParseSpec(s)
	if err != nil {
		return Config{}, err
	}
	return FromSpec(spec)
}

// FromSpec reads the options of a parsed spec, which must name explocus.
func FromSpec(spec notation.Spec) (Config, error) {
	if spec.Game != "explocus" {
		return Config{}, &notation.SpecError{Spec: spec.String(), Msg: "not an explocus spec"}
	}
	if err := spec.CheckKnown("rows", "cols", "plylimit"); err != nil {
		return Config{}, err
	}
	c := Default
	var err error
	if c.Rows, err = spec.Int("rows", c.Rows, MinSize, MaxSize); err != nil {
		return Config{}, err
	}
	if c.Cols, err = spec.Int("cols", c.Cols, MinSize, MaxSize); err != nil {
		return Config{}, err
	}
	if c.PlyLimit, err = spec.Int("plylimit", 0, 0, MaxPlyLimit); err != nil {
		return Config{}, err
	}
	return c, nil
}

// Validate reports a configuration the package cannot play.
func (c Config) Validate() error {
	if c.Rows < MinSize || c.Rows > MaxSize || c.Cols < MinSize || c.Cols > MaxSize {
		return &notation.SpecError{Spec: c.String(), Option: "rows",
			Msg: "rows and cols must be from " + strconv.Itoa(MinSize) + " to " + strconv.Itoa(MaxSize)}
	}
	if c.PlyLimit < 0 || c.PlyLimit > MaxPlyLimit {
		return &notation.SpecError{Spec: c.String(), Option: "plylimit", Msg: "out of range"}
	}
	return nil
}

// Spec returns the canonical spec: rows and cols always, plylimit when set.
func (c Config) Spec() notation.Spec {
	s := notation.Spec{Game: "explocus", Options: []notation.Option{
		{Key: "rows", Value: strconv.Itoa(c.Rows)}, {Key: "cols", Value: strconv.Itoa(c.Cols)}}}
	if c.PlyLimit > 0 {
		s.Options = append(s.Options, notation.Option{Key: "plylimit", Value: strconv.Itoa(c.PlyLimit)})
	}
	return s
}

// String returns the canonical spec text, e.g. "explocus(rows=8,cols=8)".
func (c Config) String() string { return c.Spec().String() }

// Adjacencies returns the number of orthogonally adjacent square pairs of
// the board: R-E3 rejects setups with at least that many men.
func (c Config) Adjacencies() int { return c.Rows*(c.Cols-1) + c.Cols*(c.Rows-1) }
