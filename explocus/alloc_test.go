package explocus

import "testing"

// TestHotPathsDoNotAllocate pins the zero-allocation promise of move
// generation into a buffer with room for MaxMoves and of the applies,
// cascades included (their work lists live on the stack), on both boards.
func TestHotPathsDoNotAllocate(t *testing.T) {
	square := parse(t, "A", ".B2B2B2B2B2B", ".......", ".A2.B...")
	hexagon := hexParse(t, 4, "A", map[string]string{"b1": "A3", "b2": "A", "c1": "B3", "d1": "B2", "e2": "B3", "g5": "B", "d4": "A5"})
	checkHotPaths(t, "explocus", square, "b1-b3")
	checkHotPaths(t, "hexplocus", hexagon, "b2-b1")
}

func checkHotPaths[P anyPosition[P]](t *testing.T, name string, p P, chainText string) {
	tc := struct{ name, chain string }{name, chainText}
	{
		buf := make([]Move, 0, MaxMoves)
		if n := testing.AllocsPerRun(100, func() { buf = p.AppendMoves(buf[:0]) }); n != 0 {
			t.Errorf("%s: AppendMoves allocates %v times", tc.name, n)
		}
		small := make([]Move, 0, p.MaxMoves())
		if n := testing.AllocsPerRun(100, func() { small = p.AppendMoves(small[:0]) }); n != 0 {
			t.Errorf("%s: AppendMoves into MaxMoves() allocates %v times", tc.name, n)
		}
		chain, err := p.ParseMove(tc.chain)
		if err != nil {
			t.Fatal(err)
		}
		if n := testing.AllocsPerRun(100, func() { _ = p.PlayUnchecked(chain) }); n != 0 {
			t.Errorf("%s: a cascading PlayUnchecked allocates %v times", tc.name, n)
		}
		if n := testing.AllocsPerRun(100, func() { _, _ = p.Play(chain) }); n != 0 {
			t.Errorf("%s: Play allocates %v times", tc.name, n)
		}
		if n := testing.AllocsPerRun(100, func() { _, _ = p.ParseMove(tc.chain) }); n != 0 {
			t.Errorf("%s: ParseMove allocates %v times", tc.name, n)
		}
	}
}
