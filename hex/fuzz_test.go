package hex

import (
	"testing"
)

func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{"3/3/3 b -", "3/1B1/3 w sides", "1W1/3/3 b pieces", "B1/BW w -",
		"11/11/11/11/11/5B5/11/11/11/11/11 w -", "BW2/1W1B b -", "", "/", "0/0 b -", "99999999999999999999 b -"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		p, err := ParsePosition(text)
		if err != nil {
			if p != (Position{}) {
				t.Fatalf("a failed parse of %q returns %s, not the invalid value", text, p)
			}
			return
		}
		again, err := p.Config().ParsePosition(p.String())
		if err != nil {
			t.Fatalf("%q parsed, but its canonical text %q does not: %v", text, p.String(), err)
		}
		if again.String() != p.String() || again.Hash() != p.Hash() {
			t.Fatalf("unstable: %q -> %q -> %q", text, p.String(), again.String())
		}
		moves := p.AppendMoves(nil)
		for _, m := range moves {
			if _, err := p.Play(m); err != nil {
				t.Fatalf("listed move %v refused: %v", m, err)
			}
		}
	})
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"a1", "k10", "swap", "swap-sides", "swap-pieces", "SWAP", "zz999", "a0", "", "aa1"} {
		f.Add(s)
	}
	p := mustPlay(f, Sized(11).Start(), "f6")
	f.Fuzz(func(t *testing.T, s string) {
		m, err := p.ParseMove(s)
		if err != nil {
			if m != NoMove {
				t.Fatalf("a failed ParseMove(%q) returns %v, not NoMove", s, m)
			}
			return
		}
		back, err := p.ParseMove(m.String())
		if err != nil || back != m {
			t.Fatalf("%q -> %v -> %v, %v", s, m, back, err)
		}
		_, _ = p.Play(m)
	})
}
