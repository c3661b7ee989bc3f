package takeaway

import (
	"fmt"
	"strings"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/picture"
)

// Render draws the pile as an SVG document: one circle of class "stone" a
// stone left, in rows of ten, and the seat to move under them.
func Render(p Position, opts picture.Options) []byte {
	size := opts.Size
	if size <= 0 {
		size = picture.DefaultSize
	}
	rows := max(1, (int(p.left)+9)/10)
	h := 20*rows + 30
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 210 %d">`, size, size*h/210, h)
	for i := range int(p.left) {
		fmt.Fprintf(&b, `<circle class="stone" cx="%d" cy="%d" r="8" fill="#777"/>`, 15+20*(i%10), 15+20*(i/10))
	}
	fmt.Fprintf(&b, `<text x="5" y="%d" font-size="14">%s</text></svg>`, h-8, p.String())
	return []byte(b.String())
}

func init() {
	picture.Register("takeaway", picture.Renderer{
		Render: func(d rules.Dynamic, opts picture.Options) ([]byte, error) {
			p, ok := d.Typed().(Position)
			if !ok {
				return nil, &rules.NoGameError{Type: "takeaway.Position"}
			}
			return Render(p, opts), nil
		},
		SeatColor: func(_ rules.Dynamic, seat rules.Player) string { return [...]string{"#222222", "#dddddd"}[seat&1] },
	})
}
