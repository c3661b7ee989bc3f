package analysis

import (
	"math"
	"testing"
)

// TestNewGeometryRefusesHugeSizes: cols×rows overflowed for huge sizes
// and slipped under MaxCells, so NewGeometry panicked making or filling
// the board instead of refusing it.
func TestNewGeometryRefusesHugeSizes(t *testing.T) {
	for _, size := range [][2]int{{2, math.MaxInt}, {1 << 32, 1 << 32}, {math.MaxInt, math.MaxInt}, {math.MinInt, math.MinInt}, {MaxCells + 1, 1}, {0, 5}} {
		if g, err := NewGeometry(size[0], size[1]); err == nil || g != nil {
			t.Errorf("NewGeometry(%d, %d) = %v, %v; want an error", size[0], size[1], g, err)
		}
	}
	if _, err := NewGeometry(MaxCells, 1); err != nil {
		t.Errorf("NewGeometry(%d, 1): %v", MaxCells, err)
	}
}

// TestHSearchFindsNothingBeforeRun: Won, WinningSemis and MustPlay
// dereferenced the geometry Run sets; before Run they find nothing, as
// Fulls and Semis already did.
func TestHSearchFindsNothingBeforeRun(t *testing.T) {
	h := NewHSearch(Limits{Full: 4, Semi: 8, Ors: 3})
	if _, won := h.Won(); won {
		t.Error("Won before Run")
	}
	if semis := h.WinningSemis(); semis != nil {
		t.Errorf("WinningSemis before Run: %v", semis)
	}
	if _, ok := h.MustPlay(); ok {
		t.Error("MustPlay before Run")
	}
}
