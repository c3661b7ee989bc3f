package svg

import (
	"fmt"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/focus"
	"github.com/tabletop-go/rules/internal/svgkit"
	"github.com/tabletop-go/rules/picture"
)

// Importing the package registers its renderer with package picture, so
// that picture.Render draws a Focus position held as a rules.Dynamic.
func init() {
	picture.Register("focus", picture.Renderer{
		Render: func(d rules.Dynamic, opts picture.Options) ([]byte, error) {
			switch p := d.Typed().(type) {
			case focus.Position:
				return Render(p, opts), nil
			case focus.NowakPosition:
				return RenderNowak(p, opts), nil
			}
			return nil, fmt.Errorf("focus/svg: cannot draw a %T", d.Typed())
		},
		SeatColor: func(_ rules.Dynamic, seat rules.Player) string { return svgkit.SeatColor(int(seat)) },
	})
}
