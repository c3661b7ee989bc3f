package focus_test

import (
	"errors"
	"fmt"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/focus"
)

// Start a game, validate a move from text, and play it.
func Example() {
	p := focus.New()
	fmt.Println(len(p.AppendMoves(nil)), "legal moves")
	m, _ := p.ParseMove("c3-c4")
	p, err := p.Play(m)
	fmt.Println(err, p.At(focus.NewSquare(2, 3)).Height())
	fmt.Println(p)

	bad, _ := p.ParseMove("d3-d5") // B's single piece cannot go two squares
	_, err = p.Play(bad)
	fmt.Println(err)
	fmt.Println(errors.Is(err, focus.ErrTooFar), errors.Is(err, rules.ErrIllegal))
	// Output:
	// 68 legal moves
	// <nil> 2
	// 4/AABBAA/1BBAABB1/1AABBAA1/1BbAAABB1/1A1BBAA1/BBAABB/4 B 0,0 0,0 1
	// d3-d5: illegal move: a stack of k pieces moves exactly k squares: the stack is not that tall
	// true true
}

// Parse a position and look at it.
func ExampleParsePosition() {
	p, err := focus.ParsePosition("4/6/8/3bA4/8/2A5/6/3B B 16,0 16,0 41")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Diagram())
	fmt.Println(p.AppendMoves(nil))
	// Output:
	//     a     b     c     d     e     f     g     h
	// 8   #     #     .     .     .     .     #     #
	// 7   #     .     .     .     .     .     .     #
	// 6   .     .     .     .     .     .     .     .
	// 5   .     .     .     BA    .     .     .     .
	// 4   .     .     .     .     .     .     .     .
	// 3   .     .     A     .     .     .     .     .
	// 2   #     .     .     .     .     .     .     #
	// 1   #     #     .     .     .     B     #     #
	// B to move; A: reserve 16, captured 16; B: reserve 0, captured 0
	// [f1-e1 f1-f2]
}

// The generic helpers work on Focus like on every game.
func Example_perft() {
	for d := 1; d <= 3; d++ {
		fmt.Println(d, rules.Perft(focus.New(), d))
	}
	// Output:
	// 1 68
	// 2 4460
	// 3 299912
}
