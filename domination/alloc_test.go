package domination

import "testing"

// TestHotPathsDoNotAllocate pins the zero-allocation promise of turn
// generation into a buffer with room for MaxMoves, of both applies (a
// draw decides at once whether the mover is stuck) and of Legal.
func TestHotPathsDoNotAllocate(t *testing.T) {
	p := mustPlay(t, New(), "0-0")
	buf := make([]Move, 0, MaxMoves)
	if n := testing.AllocsPerRun(100, func() { buf = p.AppendMoves(buf[:0]) }); n != 0 {
		t.Errorf("AppendMoves allocates %v times", n)
	}
	turn := buf[len(buf)/2]
	if n := testing.AllocsPerRun(100, func() { _ = p.PlayUnchecked(turn) }); n != 0 {
		t.Errorf("PlayUnchecked allocates %v times", n)
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = p.Play(turn) }); n != 0 {
		t.Errorf("Play allocates %v times", n)
	}
	s := New()
	if n := testing.AllocsPerRun(100, func() { _ = s.PlayUnchecked(Draw(NewTile(2, 5))) }); n != 0 {
		t.Errorf("a draw allocates %v times", n)
	}
	if n := testing.AllocsPerRun(100, func() { buf = s.AppendMoves(buf[:0]) }); n != 0 {
		t.Errorf("listing draws allocates %v times", n)
	}
}
