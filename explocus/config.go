package explocus

import (
	"strconv"

	"github.com/tabletop-go/rules/notation"
)

// MinSize and MaxSize bound the square board's rows and columns.
const (
	MinSize = 3
	MaxSize = 26
)

// MinSide and MaxSide bound the side of the Hexplocus hexagon (R-E4). The
// largest hexagon, 25 cells across, fits the position's MaxSize×MaxSize
// grid.
const (
	MinSide = 3
	MaxSide = 13
)

// MaxPlyLimit is the largest ply limit a spec may set.
const MaxPlyLimit = 1 << 30

// Config selects an Explocus game: the board and an optional ply limit.
// The board is either a rectangle of Rows×Cols squares (Explocus, spec
// "explocus") or, when Side is set, the hexagon of side Side (Hexplocus,
// spec "hexplocus", R-E4), in which case Rows and Cols stay 0. The zero
// value is not valid (its Start is the invalid value); start from
// Default, HexDefault or ParseSpec.
type Config struct {
	// Rows and Cols give the square board's size, MinSize to MaxSize
	// each; both are 0 for the hexagon.
	Rows, Cols int
	// Side, if not 0, selects Hexplocus: the hexagon of side Side,
	// MinSide to MaxSide (the spec option size), whose cells lie on a grid
	// of 2·Side−1 files and ranks (see the package doc).
	Side int
	// PlyLimit, if positive, ends the game as a draw once that many plies
	// have been played. It is a library convenience, not part of the
	// rules (the game has no termination rule); 0 means no limit.
	PlyLimit int
}

// Default is the configuration of a bare "explocus" spec: 8×8, no limit.
var Default = Config{Rows: 8, Cols: 8}

// HexDefault is the configuration of a bare "hexplocus" spec: the hexagon
// of side 6 (91 cells), no limit.
var HexDefault = Config{Side: 6}

// ParseSpec reads a game spec such as "explocus",
// "explocus(rows=10,cols=12)", "explocus(plylimit=1000)", "hexplocus" or
// "hexplocus(size=8,plylimit=500)".
func ParseSpec(s string) (Config, error) {
	spec, err := notation.ParseSpec(s)
	if err != nil {
		return Config{}, err
	}
	return FromSpec(spec)
}

// FromSpec reads the options of a parsed spec, which must name explocus
// (options rows, cols and plylimit) or hexplocus (options size and
// plylimit).
func FromSpec(spec notation.Spec) (Config, error) {
	var c Config
	var err error
	switch spec.Game {
	case "explocus":
		if err := spec.CheckKnown("rows", "cols", "plylimit"); err != nil {
			return Config{}, err
		}
		c = Default
		if c.Rows, err = spec.Int("rows", c.Rows, MinSize, MaxSize); err != nil {
			return Config{}, err
		}
		if c.Cols, err = spec.Int("cols", c.Cols, MinSize, MaxSize); err != nil {
			return Config{}, err
		}
	case "hexplocus":
		if err := spec.CheckKnown("size", "plylimit"); err != nil {
			return Config{}, err
		}
		c = HexDefault
		if c.Side, err = spec.Int("size", c.Side, MinSide, MaxSide); err != nil {
			return Config{}, err
		}
	default:
		return Config{}, &notation.SpecError{Spec: spec.String(), Msg: "not an explocus or hexplocus spec"}
	}
	if c.PlyLimit, err = spec.Int("plylimit", 0, 0, MaxPlyLimit); err != nil {
		return Config{}, err
	}
	return c, nil
}

// IsHex reports whether c is a Hexplocus configuration (Side set).
func (c Config) IsHex() bool { return c.Side != 0 }

// Validate reports a configuration the package cannot play, with a
// *notation.SpecError naming the option at fault: rows or cols outside
// MinSize..MaxSize on the square board, size (Side) outside
// MinSide..MaxSide or a hexagon with Rows or Cols set, plylimit outside
// 0..MaxPlyLimit. Start gives the invalid value for such a
// configuration.
func (c Config) Validate() error {
	between := func(name string, v, lo, hi int) error {
		return &notation.SpecError{Spec: c.String(), Option: name,
			Msg: name + " must be from " + strconv.Itoa(lo) + " to " + strconv.Itoa(hi) + ", not " + strconv.Itoa(v)}
	}
	switch {
	case c.Side != 0 && (c.Rows != 0 || c.Cols != 0):
		return &notation.SpecError{Spec: c.String(), Option: "size",
			Msg: "a hexagonal board (Side set) leaves Rows and Cols 0, not rows " + strconv.Itoa(c.Rows) + ", cols " + strconv.Itoa(c.Cols)}
	case c.Side != 0 && (c.Side < MinSide || c.Side > MaxSide):
		return between("size", c.Side, MinSide, MaxSide)
	case c.Side == 0 && (c.Rows < MinSize || c.Rows > MaxSize):
		return between("rows", c.Rows, MinSize, MaxSize)
	case c.Side == 0 && (c.Cols < MinSize || c.Cols > MaxSize):
		return between("cols", c.Cols, MinSize, MaxSize)
	case c.PlyLimit < 0 || c.PlyLimit > MaxPlyLimit:
		return between("plylimit", c.PlyLimit, 0, MaxPlyLimit)
	}
	return nil
}

// Spec returns the canonical spec: the board's size always (rows and cols
// for Explocus, size for Hexplocus), and plylimit when set.
func (c Config) Spec() notation.Spec {
	var s notation.Spec
	if c.Side != 0 {
		s = notation.Spec{Game: "hexplocus", Options: []notation.Option{{Key: "size", Value: strconv.Itoa(c.Side)}}}
	} else {
		s = notation.Spec{Game: "explocus", Options: []notation.Option{
			{Key: "rows", Value: strconv.Itoa(c.Rows)}, {Key: "cols", Value: strconv.Itoa(c.Cols)}}}
	}
	if c.PlyLimit > 0 {
		s.Options = append(s.Options, notation.Option{Key: "plylimit", Value: strconv.Itoa(c.PlyLimit)})
	}
	return s
}

// String returns the canonical spec text, e.g. "explocus(rows=8,cols=8)"
// or "hexplocus(size=6)".
func (c Config) String() string { return c.Spec().String() }

// Adjacencies returns the number of adjacent cell pairs of the board: R-E3
// rejects setups with at least that many men. A rectangle has
// rows·(cols−1) + cols·(rows−1); the hexagon of side N has
// 3·(3N−2)·(N−1) (240 for side 6).
func (c Config) Adjacencies() int {
	if c.Side != 0 {
		return 3 * (3*c.Side - 2) * (c.Side - 1)
	}
	return c.Rows*(c.Cols-1) + c.Cols*(c.Rows-1)
}
