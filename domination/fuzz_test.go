package domination

import "testing"

func FuzzParsePosition(f *testing.F) {
	f.Add(New().String())
	f.Add("1B2[1-3]2A/8/8/1A6/3[2-5]3B/8/8/7[0-3] B - 0-0,0-1,0-2,0-4,0-5,0-6,1-1,1-2,1-4,1-5,1-6,2-2,2-3,2-4,2-6,3-3,3-4,3-5,3-6,4-4,4-5,4-6,5-5,5-6,6-6")
	f.Add("B7/8/8/4A3/3A4/8/8/7B A 2-5 0-0")
	f.Add("[")
	f.Fuzz(func(t *testing.T, text string) {
		p, err := ParsePosition(text)
		if err != nil {
			return
		}
		again, err := ParsePosition(p.String())
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
	for _, s := range []string{"2-5", "5-2", "0-0", "d4-b4,e5-e8", "h1-h4,a8-b8", "", "7-7", "d4-b4"} {
		f.Add(s)
	}
	positions := []Position{New(), mustPlay(f, New(), "2-5")}
	f.Fuzz(func(t *testing.T, s string) {
		for _, p := range positions {
			m, err := p.ParseMove(s)
			if err != nil {
				continue
			}
			back, err := p.ParseMove(m.String())
			if err != nil || back != m {
				t.Fatalf("%q -> %v -> %v, %v", s, m, back, err)
			}
			_ = p.Legal(m)
			_ = p.PlayUnchecked(m)
		}
	})
}
