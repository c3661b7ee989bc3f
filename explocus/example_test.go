package explocus_test

import (
	"fmt"

	"github.com/tabletop-go/rules/explocus"
)

// A move onto a corner sets off a cascade that takes the enemy man over.
func Example() {
	p, err := explocus.ParsePosition("..../..../B.../AA.. A 0")
	if err != nil {
		fmt.Println(err)
		return
	}
	m, _ := p.ParseMove("b1-a1")
	p, _ = p.Play(m)
	fmt.Println(p)
	fmt.Println(p.Diagram())
	// Output:
	// ..../..../A2.../.A.. B 1
	//     a  b  c  d
	// 4   .  .  .  .
	// 3   .  .  .  .
	// 2   W2 .  .  .
	// 1   .  W1 .  .
	// game over, 1-0 (elimination); White 3 men, Black 0 men
}

// Hexplocus: two of the five men on the centre of a side-3 hexagon move
// two cells up-right onto White's man on the corner e5, which holds two
// at most: it fires into d5, e4 and d4, taking Black's last man over.
func Example_hexplocus() {
	c, _ := explocus.ParseSpec("hexplocus(size=3)")
	p, err := c.ParseHexPosition("..A/..B./..A5../..../... A 0")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p)
	fmt.Println(p.Diagram())
	m, _ := p.ParseMove("c3-e5")
	p, _ = p.Play(m)
	fmt.Println(p)
	fmt.Println(p.Diagram())
	// Output:
	// hexplocus(size=3) ..A/..B./..A5../..../... A 0
	//      5 .   .   W1
	//    4 .   .   B1  .
	//  3 .   .   W5  .   .
	//    2 .   .   .   .   e
	//      1 .   .   .   d
	//          a   b   c
	// White (A) to move; White 6 men, Black 1 men
	// hexplocus(size=3) .A./..A2A/..A3../..../... B 1
	//      5 .   W1  .
	//    4 .   .   W2  W1
	//  3 .   .   W3  .   .
	//    2 .   .   .   .   e
	//      1 .   .   .   d
	//          a   b   c
	// game over, 1-0 (elimination); White 7 men, Black 0 men
}

// Squares and moves are built from coordinates on the 26×26 grid; a
// coordinate off it gives NoSquare, and a move from it NoMove, which no
// position accepts.
func ExampleStackMove() {
	p := explocus.New()
	b7, b8 := explocus.NewSquare(1, 6), explocus.NewSquare(1, 7)
	m := explocus.StackMove(b7, b8)
	fmt.Println(m, m.Count(), p.Legal(m))
	owner, height := p.At(b7)
	fmt.Println(b7, owner, height, p.Capacity(b7), p.Capacity(b8))

	off := explocus.StackMove(explocus.NewSquare(27, 6), b8)
	fmt.Println(explocus.NewSquare(27, 6), off == explocus.NoMove)
	fmt.Println(p.Legal(off))
	// Output:
	// b7-b8 1 <nil>
	// b7 A 1 4 3
	// ? true
	// ?: illegal move: no such square: files run from a to z and ranks from 1 to 26
}
