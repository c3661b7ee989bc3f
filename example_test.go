package rules_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/tabletop-go/rules"
	_ "github.com/tabletop-go/rules/domination" // registers "domination"
	"github.com/tabletop-go/rules/hex"
	"github.com/tabletop-go/rules/notation"
)

// Open starts any registered game by its spec; the program above imports
// the game packages for their side effect.
func ExampleOpen() {
	d, err := rules.Open("hex(size=3,swap=none)")
	if err != nil {
		panic(err)
	}
	fmt.Println(d.Spec(), d.Node(), d.ToMove(), len(d.Moves()), "moves")
	for _, in := range []string{"B2", "b2", "swap", "d4", "b2?"} {
		canonical, err := d.Canonical(in)
		fmt.Printf("%q -> %q %v\n", in, canonical, err)
	}
	d, _ = d.Play("b2")
	fmt.Println(d)

	_, err = rules.Open("chess")
	fmt.Println(errors.Is(err, rules.ErrUnknownGame))
	// Output:
	// hex(size=3,swap=none) decision A 9 moves
	// "B2" -> "b2" <nil>
	// "b2" -> "b2" <nil>
	// "swap" -> "swap" <nil>
	// "d4" -> "" hex move "d4" at offset 0: off the board, which has columns a to c and rows 1 to 3
	// "b2?" -> "" hex move "b2?" at offset 2: unexpected "?" after the cell
	// hex(size=3,swap=none) 3/1B1/3 w -
	// true
}

// A Dynamic stores as JSON and comes back equal, in any game; chance
// nodes list their outcomes with exact probabilities.
func ExampleDynamic() {
	d, _ := rules.Open("domination")
	fmt.Println(d.Node(), len(d.Chances()), d.Chances()[0].Move, d.Chances()[0].Prob)
	d, _ = d.Play("5-2") // a draw, in any order
	data, _ := json.Marshal(d)
	fmt.Println(string(data))
	back, err := rules.UnmarshalDynamic(data)
	fmt.Println(err, back.String() == d.String(), back.Hash() == d.Hash())
	fmt.Println(back.Legal("d4-d6,e5-e7"))
	// Output:
	// chance 28 0-0 1/28
	// {"spec":"domination","position":"B7/8/8/4A3/3A4/8/8/7B A 2-5 0-0,0-1,0-2,0-3,0-4,0-5,0-6,1-1,1-2,1-3,1-4,1-5,1-6,2-2,2-3,2-4,2-6,3-3,3-4,3-5,3-6,4-4,4-5,4-6,5-5,5-6,6-6"}
	// <nil> true true
	// d4-d6,e5-e7: illegal move: the steps do not use the drawn domino's two numbers (a blank is any distance 1 to 6)
}

// Erase turns a typed position into a Dynamic, for code that handles
// every game through text.
func ExampleErase() {
	p := hex.Sized(2).Start()
	d, err := rules.Erase(p)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(d.Moves(), d.Perft(2))
	fmt.Println(d.Typed().(hex.Position) == p)
	// Output:
	// [a1 b1 a2 b2] 16
	// true
}

// A Sampler plays random games without allocating once its buffers have
// grown; Playout returns the final position.
func ExampleSampler() {
	s := rules.Sampler[hex.Position, hex.Move]{Rand: rand.New(rand.NewPCG(1, 2))}
	end, plies := s.Playout(hex.Sized(5).Start(), -1)
	fmt.Println(end.Outcome().Over(), plies <= 26)
	// Output:
	// true true
}

// Perft counts the leaves of the game tree: the standard check that a
// move generator is exact.
func ExamplePerft() {
	p := hex.Config{Cols: 3, Rows: 3, Swap: hex.SwapNone}.Start()
	for depth := 1; depth <= 3; depth++ {
		fmt.Println(depth, rules.Perft(p, depth))
	}
	// Output:
	// 1 9
	// 2 72
	// 3 504
}

// Errors say what was wrong: a syntax error with its offset, or a move
// error whose kind and game-specific reason errors.Is finds.
func Example_errors() {
	d, _ := rules.Open("hex(size=5)")
	d, _ = d.Play("c3")
	_, err := d.Play("c3")
	var me *rules.MoveError
	fmt.Println(errors.As(err, &me), errors.Is(err, rules.ErrIllegal), errors.Is(err, hex.ErrOccupied))
	fmt.Println(err)

	_, err = d.Play("c")
	var se *rules.SyntaxError
	fmt.Println(errors.As(err, &se), se.Offset)

	_, err = rules.Open("hex(size=40)")
	var spec *notation.SpecError
	fmt.Println(errors.As(err, &spec), spec.Option)
	// Output:
	// true true true
	// c3: illegal move: cell is occupied
	// true 1
	// true size
}
