package main

import (
	"strings"
	"testing"

	_ "github.com/tabletop-go/rules/internal/testgame" // a game with a renderer, registered by this line alone
)

// TestPicturesDrawARegisteredGame: the command draws the start of a game
// it has never heard of, the test-only game, once its package is
// imported: every square of its usual 3×3 board, clickable by name.
func TestPicturesDrawARegisteredGame(t *testing.T) {
	for _, p := range drawAll(t) {
		if p.name != "tictactoe.svg" {
			continue
		}
		doc := string(p.data)
		for _, sq := range []string{"a1", "b2", "c3"} {
			if !strings.Contains(doc, `class="square" data-square="`+sq+`"`) {
				t.Errorf("no square %s in\n%s", sq, doc)
			}
		}
		if strings.Contains(doc, `data-square="d4"`) || !strings.Contains(doc, `data-spec="tictactoe(size=3)"`) {
			t.Errorf("not the usual 3×3 board:\n%s", doc)
		}
		return
	}
	t.Error("no picture of tictactoe")
}
