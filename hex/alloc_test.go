package hex

import (
	"testing"

	"github.com/tabletop-go/rules"
)

// TestHotPathsDoNotAllocate pins the zero-allocation promise of legal-move
// generation into a large enough buffer and of both applies.
func TestHotPathsDoNotAllocate(t *testing.T) {
	p := mustPlay(t, Sized(11).Start(), "f6")
	buf := make([]Move, 0, MaxMoves)
	if n := testing.AllocsPerRun(100, func() { buf = p.AppendMoves(buf[:0]) }); n != 0 {
		t.Errorf("AppendMoves allocates %v times", n)
	}
	if n := testing.AllocsPerRun(100, func() { _ = p.PlayUnchecked(Place(NewSquare(3, 3))) }); n != 0 {
		t.Errorf("PlayUnchecked allocates %v times", n)
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = p.Play(Swap) }); n != 0 {
		t.Errorf("Play allocates %v times", n)
	}
	if n := testing.AllocsPerRun(100, func() { _ = p.Legal(Place(NewSquare(3, 3))) }); n != 0 {
		t.Errorf("Legal allocates %v times", n)
	}
	s := rules.Sampler[Position, Move]{Rand: newRand(1)}
	s.Playout(Sized(11).Start(), -1) // grow the buffers
	if n := testing.AllocsPerRun(20, func() { s.Playout(Sized(11).Start(), -1) }); n != 0 {
		t.Errorf("a Sampler playout allocates %v times", n)
	}
}
