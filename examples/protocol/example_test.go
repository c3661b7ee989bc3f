package protocol_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/tabletop-go/rules/examples/bot"
	"github.com/tabletop-go/rules/examples/protocol"
)

// A session with a server: the requests of a controller (after ">") and
// the replies of a random bot's server, as the package doc shows them.
func Example_session() {
	requests := []string{
		"1 game hex(size=3)",
		"2 play b b2",
		"3 genmove w",
		"4 play b b2",
		"5 showboard",
		"6 game domination",
		"7 genmove",
		"8 play 2-5",
		"9 to_move",
		"10 genmove A",
		"11 final_result",
		"12 quit",
	}
	srv := &protocol.Server{Name: "example", NewBot: protocol.BotFactory("random", bot.Options{Seed: 1})}
	var out strings.Builder
	if err := srv.Serve(context.Background(), strings.NewReader(strings.Join(requests, "\n")+"\n"), &out); err != nil {
		fmt.Println(err)
		return
	}
	replies := strings.Split(strings.TrimSuffix(out.String(), "\n\n"), "\n\n")
	for i, r := range replies {
		fmt.Printf("> %s\n%s\n\n", requests[i], r)
	}
	// Output:
	// > 1 game hex(size=3)
	// =1
	//
	// > 2 play b b2
	// =2
	//
	// > 3 genmove w
	// =3 c1
	//
	// > 4 play b b2
	// ?4 b2: illegal move: cell is occupied
	//
	// > 5 showboard
	// =5
	//    a b c
	//  1 . . W
	//   2 . B .
	//    3 . . .
	// Black (A) top-bottom, White (B) left-right; Black (A) to move
	//
	// > 6 game domination
	// =6
	//
	// > 7 genmove
	// ?7 it is a chance node: the controller plays the chance outcome (play MOVE)
	//
	// > 8 play 2-5
	// =8
	//
	// > 9 to_move
	// =9 A
	//
	// > 10 genmove A
	// =10 e5-g5,d4-a4
	//
	// > 11 final_result
	// =11 *
	//
	// > 12 quit
	// =12
}
