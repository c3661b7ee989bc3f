package focus

import "testing"

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
