package sgf

import (
	"strings"
	"testing"
)

// TestNilReadersFailSayingSo: TreesFrom and LittleGolemFrom of a nil
// io.Reader dereferenced it (ReadGames already refused one). Each yields
// one error saying so.
func TestNilReadersFailSayingSo(t *testing.T) {
	n := 0
	for _, err := range TreesFrom(nil) {
		if err == nil || !strings.Contains(err.Error(), "nil io.Reader") {
			t.Errorf("TreesFrom(nil): %v", err)
		}
		n++
	}
	for _, err := range LittleGolemFrom(nil) {
		if err == nil || !strings.Contains(err.Error(), "nil io.Reader") {
			t.Errorf("LittleGolemFrom(nil): %v", err)
		}
		n++
	}
	if n != 2 {
		t.Errorf("%d errors from two nil readers, want 2", n)
	}
}
