package conformance

import (
	"strings"
	"testing"

	"github.com/tabletop-go/rules"
)

// diffPos is a stand-in for a game's position: its state in unexported
// fields.
type diffPos struct {
	board [3]uint8
	ply   int
}

// TestDiffShowsUnexportedFields: positions keep their state in unexported
// fields, and a failed round trip must say which one differs.
func TestDiffShowsUnexportedFields(t *testing.T) {
	d := Diff(diffPos{board: [3]uint8{1, 2, 3}, ply: 4}, diffPos{board: [3]uint8{1, 9, 3}, ply: 4})
	if !strings.Contains(d, "board[1]") && !strings.Contains(d, "board") || !strings.Contains(d, "9") {
		t.Errorf("the diff does not name the differing field:\n%s", d)
	}
	if Diff(rules.Draw(2, rules.PlyLimit), rules.Draw(2, rules.PlyLimit)) != "" {
		t.Error("equal outcomes differ")
	}
}
