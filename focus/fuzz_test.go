package focus

import "testing"

func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{
		"4/AABBAA/1BBAABB1/1AABBAA1/1BBAABB1/1AABBAA1/BBAABB/4 A 0,0 0,0 0",
		"BAbAB/5abB/8/1aaaaB3A1babaA/baA7/4aB1aB1/bBbB3A/2A1 B 1,1 2,0 103",
		"4/6/8/8/8/2A5/6/3B B 17,0 17,0 99999",
		"", "4/6/8/8/8/8/6/4 A 18,18 0,0 0", "9/ A", "aaaaaA",
	} {
		f.Add(s)
	}
	f.Add("4/AABBCC/1BBCCAA1/1CCAABB1/1AABBCC1/1BBCCAA1/CCAABB/4 A 1,1,1 0,0,0 0 first:ABC")
	f.Add("4/6/8/8/8/8/6/4 A 18,18 0,0 0 setup")
	f.Add("focus(nowak=true) 4/AABBAA/1BBAABB1/1AABBAA1/1BBAABB1/1AABBAA1/BBAABB/4 A 0,0 0,0 0")
	f.Add("4/AABBAA/1BBAABB1/1AABBAA1/1BBAABB1/1AABBAA1/BBAABB/4 B 0,0 0,0 1 swap:c7<>d7")
	f.Add("AABD/DDDBDB/AAAABDBD/DDDDBDBD/CACACCCC/CACABBBB/ACACCC/CABB A 0+1,0,0,0 A1,0,0,0 9 passed:BD gains:1,0,0,0 won:A:short")
	configs := []Config{{}, {Players: 3, Short: true}, {Players: 4, Teams: true, Short: true}, {Players: 4},
		{Swap: true}, {DropSetup: true, RestrictedDrops: true}, {Nowak: true}}
	f.Fuzz(func(t *testing.T, text string) {
		for _, c := range configs[1:] {
			if c.Nowak {
				fuzzReadsInConfig(t, c, text, c.ParseNowakPosition)
			} else {
				fuzzReadsInConfig(t, c, text, c.ParsePosition)
			}
		}
		fuzzReadsAlone(t, text, ParsePosition, MaxLegalMoves)
		fuzzReadsAlone(t, text, ParseNowakPosition, NowakMaxMoves)
	})
}

// fuzzReadsInConfig: a text c reads (with parse) reads back from its own
// text, and every move it lists plays.
func fuzzReadsInConfig[P anyPosition[P]](t *testing.T, c Config, text string, parse func(string) (P, error)) {
	p, err := parse(text)
	if err != nil {
		return
	}
	again, err := parse(p.String())
	if err != nil || again.String() != p.String() || again.Hash() != p.Hash() {
		t.Fatalf("%v: %q -> %q -> %v", c, text, p.String(), err)
	}
	for _, m := range p.AppendMoves(nil) {
		if _, err := p.Play(m); err != nil {
			t.Fatalf("%v: listed move %v refused: %v", c, m, err)
		}
	}
}

// fuzzReadsAlone: a text read in the configuration it names (with parse)
// reads back, lists at most maxMoves moves and at least one if a seat is
// to move, and its children's texts read too.
func fuzzReadsAlone[P anyPosition[P]](t *testing.T, text string, parse func(string) (P, error), maxMoves int) {
	p, err := parse(text)
	if err != nil {
		return
	}
	again, err := parse(p.String())
	if err != nil || again.String() != p.String() || again.Hash() != p.Hash() {
		t.Fatalf("%q -> %q -> %v", text, p.String(), err)
	}
	moves := p.AppendMoves(nil)
	if len(moves) > maxMoves {
		t.Fatalf("%d moves", len(moves))
	}
	if p.ToMove().IsSeat() && len(moves) == 0 {
		t.Fatalf("%q: a seat to move with no move (the rules skip such a seat)", text)
	}
	// The texts read are closed under play: a position the rules can
	// produce has children the rules produce too.
	for _, m := range moves {
		q, err := p.Play(m)
		if err != nil {
			t.Fatalf("listed move %v refused: %v", m, err)
		}
		if _, err := parse(q.String()); err != nil {
			t.Fatalf("%q accepted, but after %v its child %q is refused: %v", text, m, q.String(), err)
		}
	}
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"c3-c5", "*d4", "B*d4", "A*d4", "h8-a1", "", "c3", "*", "aa1-aa2"} {
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
		if err := p.Legal(m); err == nil {
			if _, err := p.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		_ = p.PlayUnchecked(m)
	})
}

func FuzzParseSpec(f *testing.F) {
	for _, s := range []string{"focus", "focus(players=4,teams=true,short=true)", "focus(nowak=true,plylimit=9)", "focus(swap=true,setup=drop)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseSpec(s)
		if err != nil {
			return
		}
		again, err := ParseSpec(c.String())
		if err != nil || again != c {
			t.Fatalf("%q -> %q -> %v, %v", s, c.String(), again, err)
		}
		if c.Nowak {
			_ = c.StartNowak().AppendMoves(nil)
		} else {
			_ = c.Start().AppendMoves(nil)
		}
	})
}
