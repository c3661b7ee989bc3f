package explocus

import "testing"

func FuzzParsePosition(f *testing.F) {
	f.Add(New().String())
	f.Add("BB2BB.B./.BB2..A2A/B2B3..A2../...A2.B2./AA.A2AB2. A 40")
	f.Add("A.A/A2B3A2/A.B A 0")
	f.Add("AAA/A2B3A2/A.B A 0")
	f.Add("A9/../.. B 1")
	f.Fuzz(func(t *testing.T, text string) {
		p, err := ParsePosition(text)
		if err != nil {
			return
		}
		again, err := p.Config().ParsePosition(p.String())
		if err != nil || again.String() != p.String() || again.Hash() != p.Hash() {
			t.Fatalf("%q -> %q -> %v", text, p.String(), err)
		}
		for _, m := range p.AppendMoves(nil) {
			if _, err := p.Play(m); err != nil {
				t.Fatalf("listed move %v refused: %v", m, err)
			}
		}
	})
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"c3-c5", "a1-a2", "z26-z24", "", "c3", "c3-", "aa1-aa3"} {
		f.Add(s)
	}
	p := New()
	f.Fuzz(func(t *testing.T, s string) {
		m, err := p.ParseMove(s)
		if err != nil {
			return
		}
		back, err := p.ParseMove(m.String())
		if err != nil || back != m {
			t.Fatalf("%q -> %v -> %v, %v", s, m, back, err)
		}
		_ = p.Legal(m)
		_ = p.PlayUnchecked(m)
	})
}
