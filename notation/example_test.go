package notation_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/tabletop-go/rules/notation"
)

// Read a stream of records; a bad record is reported and skipped.
func ExampleRecords() {
	stream := `[Game "hex(size=7,swap=none)"]
[Result "1-0"]

1. d4 2. c5 e3  # comments run to the end of the line

[Game "hex"]
[Result "2-0"]
`
	for rec, err := range notation.Records([]byte(stream)) {
		if err != nil {
			fmt.Println("error:", err)
			continue
		}
		game, _ := rec.Tag("Game")
		result, _ := rec.Tag("Result")
		_, err := notation.ParseResult(result)
		fmt.Printf("%s %v result %s (%v)\n", game, rec.Moves, result, err)
	}
	// Output:
	// hex(size=7,swap=none) [d4 c5 e3] result 1-0 (<nil>)
	// hex [] result 2-0 (result "2-0" at offset 0: a score is 1, 0 or 1/2, not "2")
}

// Write a record.
func ExampleRecord_String() {
	rec := notation.Record{Tags: []notation.Tag{{Name: "Game", Value: "hex(size=3,swap=none)"}, {Name: "Result", Value: "1-0"}}}
	rec.Moves = strings.Fields("a1 c1 a2 c2 a3")
	fmt.Print(rec)
	// Output:
	// [Game "hex(size=3,swap=none)"]
	// [Result "1-0"]
	//
	// a1 c1 a2 c2 a3
}

// Parse a game spec; errors give the offset.
func ExampleParseSpec() {
	spec, _ := notation.ParseSpec("hex(size=13,swap=pieces)")
	fmt.Println(spec.Game, spec)
	_, err := notation.ParseSpec("hex(size=13;swap=pieces)")
	fmt.Println(err)
	// Output:
	// hex hex(size=13,swap=pieces)
	// game spec "hex(size=13;swap=pieces)" at offset 11: expected "," or ")" after the value of size
}

// Replay a record through the rules: every position, the moves in
// canonical notation, and the first fault with its ply.
func ExampleRecord_Replay() {
	rec, _ := notation.ParseRecord(`[Game "hex(size=2,swap=none)"]
[Result "1-0"]

A1 b1 A2
`)
	r, err := rec.Replay()
	fmt.Println(r.Moves, r.Final().Outcome(), err)

	rec.Moves = []string{"a1", "a1"}
	r, err = rec.Replay()
	var re *notation.ReplayError
	if errors.As(err, &re) {
		fmt.Println("ply", re.Ply, "of", len(rec.Moves), "fails;", len(r.Positions), "positions replayed")
	}
	fmt.Println(err)
	// Output:
	// [a1 b1 a2] 1-0 (connection) <nil>
	// ply 2 of 2 fails; 2 positions replayed
	// record at line 1, ply 2 ("a1"): a1: illegal move: cell is occupied
}
