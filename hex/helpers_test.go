package hex

import "math/rand/v2"

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x5eed)) }

// play plays moves in notation from p, failing the test on any error.
func mustPlay(t interface {
	Helper()
	Fatalf(string, ...any)
}, p Position, moves ...string) Position {
	t.Helper()
	for _, s := range moves {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatalf("ParseMove(%q): %v", s, err)
		}
		p, err = p.Play(m)
		if err != nil {
			t.Fatalf("Play(%q): %v", s, err)
		}
	}
	return p
}
