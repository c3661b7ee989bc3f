package hex

import (
	"strconv"
	"strings"

	"github.com/tabletop-go/rules/notation"
)

// MaxSize is the largest number of columns or rows of a board.
const MaxSize = 26

// SwapMode selects the pie rule: what the second player may do instead of
// placing their first stone.
type SwapMode uint8

const (
	// SwapSides is the classic pie rule (R-H1) and the default: the players
	// exchange colours; the stone stays, and its owner, now White, moves.
	SwapSides SwapMode = iota
	// SwapNone plays without a pie rule.
	SwapNone
	// SwapPieces replaces the first stone by a White stone on the cell
	// mirrored in the long diagonal (c, r) -> (r, c); Black moves next.
	// Little Golem, PlayHex and OpenSpiel's hex(swap=true) use it. It needs
	// a square board.
	SwapPieces
)

var swapNames = [...]string{SwapSides: "sides", SwapNone: "none", SwapPieces: "pieces"}

// String returns the spec value: "sides", "none" or "pieces".
func (s SwapMode) String() string {
	if int(s) < len(swapNames) {
		return swapNames[s]
	}
	return "SwapMode(" + strconv.Itoa(int(s)) + ")"
}

// Config selects a Hex game: the board and the pie rule. The zero value is
// not valid (its Start is the invalid Position); start from Default,
// Sized or ParseSpec.
type Config struct {
	// Cols and Rows give the board size, 1 to MaxSize each; the standard
	// board is square.
	Cols, Rows int
	// Swap is the pie rule.
	Swap SwapMode
}

// Default is the configuration of a bare "hex" spec: 11×11, swap-sides.
var Default = Config{Cols: 11, Rows: 11, Swap: SwapSides}

// Sized returns the n×n configuration with the default pie rule.
func Sized(n int) Config { return Config{Cols: n, Rows: n, Swap: SwapSides} }

// Validate reports a configuration the package cannot play, with a
// *notation.SpecError naming the option: a size outside 1 to MaxSize, an
// unknown swap mode, or swap=pieces on a board that is not square. Start
// of such a configuration is the invalid value.
func (c Config) Validate() error {
	if c.Cols < 1 || c.Cols > MaxSize || c.Rows < 1 || c.Rows > MaxSize {
		return &notation.SpecError{Spec: c.String(), Option: "size", Msg: "columns and rows must be from 1 to " + strconv.Itoa(MaxSize)}
	}
	if c.Swap > SwapPieces {
		return &notation.SpecError{Spec: c.String(), Option: "swap", Msg: "unknown swap mode"}
	}
	if c.Swap == SwapPieces && c.Cols != c.Rows {
		return &notation.SpecError{Spec: c.String(), Option: "swap", Msg: "swap=pieces mirrors the stone in the long diagonal, so it needs a square board"}
	}
	return nil
}

// valid reports whether Validate accepts c, without building an error.
func (c Config) valid() bool {
	return c.Cols >= 1 && c.Cols <= MaxSize && c.Rows >= 1 && c.Rows <= MaxSize &&
		c.Swap <= SwapPieces && (c.Swap != SwapPieces || c.Cols == c.Rows)
}

// ParseSpec reads a game spec such as "hex", "hex(size=13)" or
// "hex(size=9x11,swap=none)".
//
// Options: size=N (an N×N board, default 11) or size=CxR (C columns, R
// rows), each from 1 to 26; swap=sides (default), none or pieces.
func ParseSpec(s string) (Config, error) {
	spec, err := notation.ParseSpec(s)
	if err != nil {
		return Config{}, err
	}
	return FromSpec(spec)
}

// FromSpec reads the options of a parsed spec, which must name hex.
func FromSpec(spec notation.Spec) (Config, error) {
	if spec.Game != "hex" {
		return Config{}, &notation.SpecError{Spec: spec.String(), Msg: "not a hex spec"}
	}
	if err := spec.CheckKnown("size", "swap"); err != nil {
		return Config{}, err
	}
	c := Default
	if v, ok := spec.Lookup("size"); ok {
		cols, rows, ok := parseSize(v)
		if !ok || cols < 1 || cols > MaxSize || rows < 1 || rows > MaxSize {
			return Config{}, &notation.SpecError{Spec: spec.String(), Option: "size",
				Msg: strconv.Quote(v) + " is not N or CxR with each from 1 to " + strconv.Itoa(MaxSize)}
		}
		c.Cols, c.Rows = cols, rows
	}
	swap, err := spec.Enum("swap", "sides", "sides", "none", "pieces")
	if err != nil {
		return Config{}, err
	}
	for m, name := range swapNames {
		if name == swap {
			c.Swap = SwapMode(m)
		}
	}
	if err := c.Validate(); err != nil {
		err.(*notation.SpecError).Spec = spec.String()
		return Config{}, err
	}
	return c, nil
}

func parseSize(v string) (cols, rows int, ok bool) {
	a, b, rect := strings.Cut(v, "x")
	cols, ok = notation.ParseNatural(a)
	if !ok {
		return 0, 0, false
	}
	if !rect {
		return cols, cols, true
	}
	rows, ok = notation.ParseNatural(b)
	return cols, rows, ok
}

// Spec returns the canonical spec, with every option written.
func (c Config) Spec() notation.Spec {
	size := strconv.Itoa(c.Cols)
	if c.Rows != c.Cols {
		size += "x" + strconv.Itoa(c.Rows)
	}
	return notation.Spec{Game: "hex", Options: []notation.Option{{Key: "size", Value: size}, {Key: "swap", Value: c.Swap.String()}}}
}

// String returns the canonical spec text, e.g. "hex(size=11,swap=sides)".
func (c Config) String() string { return c.Spec().String() }
