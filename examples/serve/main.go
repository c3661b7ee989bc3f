// Command serve is the game site of package site for every game of the
// module: people play in a browser against the MCTS bot or against each
// other, and the server checks every move with the rules library.
//
//	go run ./examples/serve                      # then open http://127.0.0.1:8080/
//	go run ./examples/serve -addr :9000 -data /var/lib/games
//
// It serves until SIGINT or SIGTERM. Its flags, the page, the JSON API,
// its limits and its durability are in the doc of package site.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/tabletop-go/rules/examples/serve/site"

	_ "github.com/tabletop-go/rules/examples/internal/games" // the games the site offers, with their pictures
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := site.Run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "serve:", err)
		os.Exit(1)
	}
}
