package explocus

import "testing"

func FuzzParsePosition(f *testing.F) {
	f.Add(New().String())
	f.Add("BB2BB.B./.BB2..A2A/B2B3..A2../...A2.B2./AA.A2AB2. A 40")
	f.Add("A.A/A2B3A2/A.B A 0")
	f.Add("AAA/A2B3A2/A.B A 0")
	f.Add("A9/../.. B 1")
	f.Add(HexDefault.StartHex().String())
	f.Add(Config{Side: 3, PlyLimit: 7}.StartHex().String())
	f.Add("hexplocus(size=4) ..B2./AA4BBB2/BA3BA5BB2/B2.B.B2B./B.A.../..A.A2/A... B 47")
	f.Add("hexplocus(size=3) .B./BA3B2B2/...A3./.A.A2/A2.B A 30")
	f.Add("hexplocus(size=3) A2A2A2/A2A4A4A2/A2A5A5A5A2/A2A4A4A2/A2A2B A 0")
	f.Add("ABB/AABA/BB.AA/BABB/AAB A 0")
	f.Fuzz(func(t *testing.T, text string) {
		p, err := ParsePosition(text)
		h, herr := ParseHexPosition(text)
		switch {
		case err == nil && herr == nil:
			t.Fatalf("%q reads as both types", text)
		case err == nil:
			fuzzRead(t, text, p)
		case herr == nil:
			fuzzRead(t, text, h)
		}
	})
}

// fuzzRead checks a position a fuzzed text read as.
func fuzzRead[P anyPosition[P]](t *testing.T, text string, p P) {
	again, err := reparse(p, p.String())
	if err != nil || again.String() != p.String() || again.Hash() != p.Hash() || again != p {
		t.Fatalf("%q -> %q -> %v", text, p.String(), err)
	}
	for _, m := range p.AppendMoves(nil) {
		if _, err := p.Play(m); err != nil {
			t.Fatalf("listed move %v refused: %v", m, err)
		}
	}
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"c3-c5", "a1-a2", "z26-z24", "", "c3", "c3-", "aa1-aa3", "f6-k11", "a7-a8", "c3-e5", "m13-y25"} {
		f.Add(s)
	}
	positions := []state{New().state, HexDefault.StartHex().state, Config{Side: 13}.StartHex().state, Config{Side: 3}.StartHex().state}
	f.Fuzz(func(t *testing.T, s string) {
		for _, p := range positions {
			m, err := p.ParseMove(s)
			if err != nil {
				continue
			}
			if !p.OnBoard(m.From()) || !p.OnBoard(m.To()) {
				t.Fatalf("%s: %q parses to %v, off the board", p.Spec(), s, m)
			}
			back, err := p.ParseMove(m.String())
			if err != nil || back != m {
				t.Fatalf("%q -> %v -> %v, %v", s, m, back, err)
			}
			_ = p.Legal(m)
			_ = playState(p, m)
		}
	})
}
