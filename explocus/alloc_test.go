package explocus

import "testing"

// TestHotPathsDoNotAllocate pins the zero-allocation promise of move
// generation into a buffer with room for MaxMoves and of the applies,
// cascades included (their work lists live on the stack).
func TestHotPathsDoNotAllocate(t *testing.T) {
	p := parse(t, "A", ".B2B2B2B2B2B", ".......", ".A2.B...")
	buf := make([]Move, 0, MaxMoves)
	if n := testing.AllocsPerRun(100, func() { buf = p.AppendMoves(buf[:0]) }); n != 0 {
		t.Errorf("AppendMoves allocates %v times", n)
	}
	chain, _ := p.ParseMove("b1-b3")
	if n := testing.AllocsPerRun(100, func() { _ = p.PlayUnchecked(chain) }); n != 0 {
		t.Errorf("a cascading PlayUnchecked allocates %v times", n)
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = p.Play(chain) }); n != 0 {
		t.Errorf("Play allocates %v times", n)
	}
}
