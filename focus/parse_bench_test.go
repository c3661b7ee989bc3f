package focus

import "testing"

// BenchmarkParsePosition reads the text of the start, as a server reads a
// position a stranger sends.
func BenchmarkParsePosition(b *testing.B) {
	text := New().String()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParsePosition(text); err != nil {
			b.Fatal(err)
		}
	}
}
