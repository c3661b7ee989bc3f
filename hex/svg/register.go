package svg

import (
	"fmt"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/hex"
	"github.com/tabletop-go/rules/picture"
)

// Importing the package registers its renderer with package picture, so
// that picture.Render draws a Hex position held as a rules.Dynamic.
func init() {
	picture.Register("hex", picture.Renderer{
		Render: func(d rules.Dynamic, opts picture.Options) ([]byte, error) {
			p, ok := d.Typed().(hex.Position)
			if !ok {
				return nil, fmt.Errorf("hex/svg: cannot draw a %T", d.Typed())
			}
			return Render(p, opts), nil
		},
		SeatColor: func(d rules.Dynamic, seat rules.Player) string {
			p, _ := d.Typed().(hex.Position)
			return StoneColor(p.ColorOf(seat))
		},
	})
}

// StoneColor returns the fill colour ("#rrggbb") the pictures give the
// stones of colour c: near-black for Black, ivory for White, and "" for
// Empty.
func StoneColor(c hex.Color) string {
	switch c {
	case hex.Black:
		return blackStone
	case hex.White:
		return whiteStone
	}
	return ""
}
