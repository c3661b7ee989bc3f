package site

import (
	"slices"
	"strconv"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/notation"
)

// Every game the site creates ends within defaultMaxPlies plies (config
// MaxPlies): a variant of a game whose registration lists a plylimit
// option (rules.Game.Options: Focus, Explocus, Hexplocus) is created with
// plylimit=MaxPlies (at most the option's Max), or a smaller one the spec
// asks for, so that the rules end it as a draw; Hex ends before the board
// is full and Domination when the pool is empty, far sooner. A game of any
// other kind (one created under a larger MaxPlies too) still going at
// MaxPlies is stopped unfinished (game.stopped): it takes no more moves,
// its state says "stopped" and its record has Result "*" and a
// Termination tag. A stored game of a variant with the option but
// without a limit, or with one above MaxPlies, is not restored
// (server.checkSpec).
const (
	defaultMaxPlies = 2000
	// recentMoves is how many of the last plies a state holds: a state
	// reply does not grow with the game (the record has every ply).
	recentMoves = 200
)

// plyLimit is the name of the spec option that ends a game as a draw
// after that many plies.
const plyLimit = "plylimit"

// plyCapped returns the start d with plylimit set to maxPlies, when its
// game has a plylimit option and d's spec sets none or a larger one;
// otherwise d.
func plyCapped(d rules.Dynamic, maxPlies int) rules.Dynamic {
	g, err := rules.Lookup(d.Spec())
	if err != nil {
		return d
	}
	i := slices.IndexFunc(g.Options, func(o rules.Option) bool { return o.Name == plyLimit && o.Kind == rules.OptionInt })
	if i < 0 {
		return d // no plylimit in this game: it is stopped at maxPlies
	}
	if opt := g.Options[i]; maxPlies > opt.Max {
		maxPlies = opt.Max
	}
	spec, err := notation.ParseSpec(d.Spec())
	if err != nil {
		return d
	}
	if v, ok := spec.Lookup(plyLimit); ok {
		if n, ok := notation.ParseNatural(v); ok && n > 0 && n <= maxPlies {
			return d
		}
	}
	limit := notation.Option{Key: plyLimit, Value: strconv.Itoa(maxPlies)}
	replaced := false
	for i, o := range spec.Options {
		if o.Key == plyLimit {
			spec.Options[i], replaced = limit, true
		}
	}
	if !replaced {
		spec.Options = append(spec.Options, limit)
	}
	capped, err := rules.Open(spec.String())
	if err != nil {
		return d
	}
	return capped
}
