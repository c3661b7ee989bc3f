package notation_test

import (
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
	spec, _ := notation.ParseSpec("hex( size=13, swap=pieces )")
	fmt.Println(spec.Game, spec)
	_, err := notation.ParseSpec("hex(size=13;swap=pieces)")
	fmt.Println(err)
	// Output:
	// hex hex(size=13,swap=pieces)
	// game spec "hex(size=13;swap=pieces)" at offset 11: expected "," or ")" after the value of size
}
