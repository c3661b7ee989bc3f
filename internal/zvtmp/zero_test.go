package zv

import (
	"testing"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/domination"
	"github.com/tabletop-go/rules/explocus"
	"github.com/tabletop-go/rules/focus"
	"github.com/tabletop-go/rules/hex"
)

func exercise[P rules.Position[P, M], M rules.Move](t *testing.T, p P) {
	_ = p.Seats(); _ = p.ToMove(); _ = p.Outcome(); _ = p.Hash(); _ = p.String(); _ = p.Spec()
	ms := p.AppendMoves(nil); _ = p.AppendChances(nil)
	for _, raw := range []uint64{0, 1, 63, 4095, 1 << 24, 3 << 24, 1<<31 | 5} {
		m := M(raw)
		_ = p.Legal(m); _, _ = p.Play(m); _ = p.PlayUnchecked(m); _ = m.String()
	}
	for _, m := range ms { _ = p.PlayUnchecked(m) }
	if d, ok := any(p).(rules.Diagrammer); ok { _ = d.Diagram() }
	if e, ok := any(p).(rules.Evaluator); ok { _ = e.Evaluate(0) }
	_, _ = p.ParseMove("a1"); _ = rules.Perft(p, 2)
}

func TestZeroValues(t *testing.T) {
	exercise(t, hex.Position{})
	exercise(t, focus.Position{})
	exercise(t, domination.Position{})
	exercise(t, explocus.Position{})
}
