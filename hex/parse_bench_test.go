package hex

import "testing"

// BenchmarkParsePosition reads the text of a midgame 11×11 position, as a
// server reads a position a stranger sends.
func BenchmarkParsePosition(b *testing.B) {
	p := New()
	for _, m := range []string{"f6", "e7", "g5", "d8", "c3", "h9", "b2", "j10"} {
		mv, _ := p.ParseMove(m)
		p, _ = p.Play(mv)
	}
	text := p.String()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParsePosition(text); err != nil {
			b.Fatal(err)
		}
	}
}
