package main

import (
	"strconv"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/notation"
)

// Every game the site creates ends within defaultMaxPlies plies (config
// MaxPlies): a variant that takes a plylimit option (Focus, Explocus,
// Hexplocus) is created with plylimit=MaxPlies, or a smaller one the spec
// asks for, so that the rules end it as a draw; Hex ends before the board
// is full and Domination when the pool is empty, far sooner. A game of any
// other kind, or one stored before the cap, still going at MaxPlies is
// stopped unfinished (game.stopped): it takes no more moves, its state
// says "stopped" and its record has Result "*" and a Termination tag.
const (
	defaultMaxPlies = 2000
	// recentMoves is how many of the last plies a state holds: a state
	// reply does not grow with the game (the record has every ply).
	recentMoves = 200
)

// plyCapped returns the start d with plylimit set to maxPlies, when its
// game takes a plylimit option and d's spec sets none or a larger one;
// otherwise d.
func plyCapped(d rules.Dynamic, maxPlies int) rules.Dynamic {
	spec, err := notation.ParseSpec(d.Spec())
	if err != nil {
		return d
	}
	if v, ok := spec.Lookup("plylimit"); ok {
		if n, ok := notation.ParseNatural(v); ok && n > 0 && n <= maxPlies {
			return d
		}
	}
	limit := notation.Option{Key: "plylimit", Value: strconv.Itoa(maxPlies)}
	replaced := false
	for i, o := range spec.Options {
		if o.Key == "plylimit" {
			spec.Options[i], replaced = limit, true
		}
	}
	if !replaced {
		spec.Options = append(spec.Options, limit)
	}
	capped, err := rules.Open(spec.String())
	if err != nil { // no plylimit in this game: it is stopped at maxPlies
		return d
	}
	return capped
}
