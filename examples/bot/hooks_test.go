package bot

import (
	"github.com/tabletop-go/rules/domination"
	"github.com/tabletop-go/rules/explocus"
	"github.com/tabletop-go/rules/focus"
	"github.com/tabletop-go/rules/hex"
)

// The tests' typed hooks for the module's games, which a program gets
// from examples/internal/games (this package imports no game).
func init() {
	Register[hex.Position, hex.Move]()
	Register[focus.Position, focus.Move]()
	Register[focus.NowakPosition, focus.Move]()
	Register[domination.Position, domination.Move]()
	Register[explocus.Position, explocus.Move]()
	Register[explocus.HexPosition, explocus.Move]()
}
