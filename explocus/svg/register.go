package svg

import (
	"fmt"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/explocus"
	"github.com/tabletop-go/rules/picture"
)

// Importing the package registers its renderer with package picture for
// both games of package explocus, "explocus" and "hexplocus", so that
// picture.Render draws their positions held as a rules.Dynamic.
func init() {
	r := picture.Renderer{
		Render: func(d rules.Dynamic, opts picture.Options) ([]byte, error) {
			switch p := d.Typed().(type) {
			case explocus.Position:
				return Render(p, opts), nil
			case explocus.HexPosition:
				return RenderHex(p, opts), nil
			}
			return nil, fmt.Errorf("explocus/svg: cannot draw a %T", d.Typed())
		},
		SeatColor: func(_ rules.Dynamic, seat rules.Player) string { return manFill[seat&1] },
	}
	picture.Register("explocus", r)
	picture.Register("hexplocus", r)
}
