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
