package focus

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestHotPathsDoNotAllocate pins the zero-allocation promise of legal-move
// generation into a buffer with room for MaxMoves, and of the applies.
func TestHotPathsDoNotAllocate(t *testing.T) {
	p := build(t, map[string]string{"c3": "ABA", "d4": "BBBBA", "e5": "B"}, "A", 3, 0)
	buf := make([]Move, 0, MaxMoves)
	if n := testing.AllocsPerRun(100, func() { buf = p.AppendMoves(buf[:0]) }); n != 0 {
		t.Errorf("AppendMoves allocates %v times", n)
	}
	m := StackMove(sq(t, "d4"), sq(t, "d5"))
	if n := testing.AllocsPerRun(100, func() { _ = p.PlayUnchecked(m) }); n != 0 {
		t.Errorf("PlayUnchecked allocates %v times", n)
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = p.Play(Drop(sq(t, "e5"))) }); n != 0 {
		t.Errorf("Play allocates %v times", n)
	}
	if n := testing.AllocsPerRun(100, func() { _ = p.Legal(m) }); n != 0 {
		t.Errorf("Legal allocates %v times", n)
	}
}

func TestVariantHotPathsDoNotAllocate(t *testing.T) {
	for _, spec := range []string{"focus(nowak=true)", "focus(players=4,teams=true)", "focus(swap=true)", "focus(players=3,short=true)"} {
		forStart(t, spec, variantHotPathsDoNotAllocate[Position], variantHotPathsDoNotAllocate[NowakPosition])
	}
}

func variantHotPathsDoNotAllocate[P anyPosition[P]](t *testing.T, p P) {
	buf := make([]Move, 0, NowakMaxMoves)
	if n := testing.AllocsPerRun(20, func() { buf = p.AppendMoves(buf[:0]) }); n != 0 {
		t.Errorf("%s: AppendMoves allocates %v times", p.Spec(), n)
	}
	m := buf[len(buf)/2]
	if n := testing.AllocsPerRun(20, func() { _ = p.PlayUnchecked(m) }); n != 0 {
		t.Errorf("%s: PlayUnchecked allocates %v times", p.Spec(), n)
	}
}

func TestNowakTurnsWithDropsDoNotAllocate(t *testing.T) {
	p := nowak(t, map[string]string{"a4": "B", "b3": "B", "a5": "B", "c3": "B"}, "A", 2, 0)
	buf := make([]Move, 0, NowakMaxMoves)
	if n := testing.AllocsPerRun(20, func() { buf = p.AppendMoves(buf[:0]) }); n != 0 {
		t.Errorf("AppendMoves allocates %v times", n)
	}
	assert.Contains(t, buf, Drop(sq(t, "a3")), "a drop alone is among them")
}
