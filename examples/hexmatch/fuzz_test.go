package main

import (
	"strings"
	"testing"

	"github.com/tabletop-go/rules/hex"
)

// FuzzOpeningCells: whatever -at says, openingCells never panics, and a
// list it accepts has one legal, distinct first stone for each
// comma-separated entry, in the list's order.
func FuzzOpeningCells(f *testing.F) {
	for _, s := range []string{"b2,e3,d4", " c3 , A1", "", ",", "a1,,b2", "swap", "j9", "B2,b2", "a01", "i9,a1"} {
		f.Add(s)
	}
	cfg, err := hex.ParseSpec("hex(size=9,swap=none)")
	if err != nil {
		f.Fatal(err)
	}
	start := cfg.Start()
	f.Fuzz(func(t *testing.T, at string) {
		firsts, err := openingCells(cfg, 20, at, true, false)
		if err != nil {
			return
		}
		entries := strings.Split(at, ",")
		if len(firsts) != len(entries) {
			t.Fatalf("%q: %d openings for %d entries", at, len(firsts), len(entries))
		}
		seen := map[hex.Move]bool{}
		for i, m := range firsts {
			if m.IsSwap() || start.Legal(m) != nil || seen[m] {
				t.Fatalf("%q: opening %d, %v, is no distinct first stone", at, i+1, m)
			}
			if !strings.EqualFold(strings.TrimSpace(entries[i]), m.String()) {
				t.Fatalf("%q: opening %d is %v, not entry %q", at, i+1, m, entries[i])
			}
			seen[m] = true
		}
	})
}
