// Package rules is the root of tabletop-go/rules, a Go SDK that embeds the
// complete rules of a family of abstract board games: Hex, Focus,
// Domination (Don Woods' dominoes game) and Explocus. Bots get legal moves
// fast, game servers validate moves sent by strangers, and tools store
// and exchange positions and game records as text.
//
// # Packages
//
//   - rules (this package): the vocabulary every game shares (Player,
//     Outcome, Reason, MoveError, SyntaxError), the generic Position
//     contract, and helpers built only on it: Perft, Divide, SampleChance,
//     Sampler (random playouts) and Erase (a text-move view for tools).
//   - notation: the text machinery the games share: square names, game
//     specs such as "hex(size=11,swap=sides)", results such as "1-0", and
//     PGN-like game records.
//   - hex: Hex on boards up to 26×26, with the swap-sides, swap-pieces and
//     no-swap pie rules. Focus, Domination and Explocus follow, one package
//     each.
//   - examples: command-line tools (perft, validate, selfplay) that serve
//     every game through the contract.
//
// Imports flow one way: rules ← notation ← the game packages ← examples.
// No game imports another.
//
// # The contract
//
// Every game's position type P with move type M satisfies Position[P, M].
// A position is an immutable value with no pointers: Play returns a new
// position and never changes the receiver, so positions can be copied,
// stored and shared across goroutines freely. A node of the game tree is a
// decision (a seat is to move), a chance node (Chance is to move; its
// outcomes come with exact probabilities and are played like moves) or
// terminal (Terminal is to move; Outcome says who won and why).
//
// Legal-move generation is the single source of truth: Legal(m) accepts
// exactly the moves AppendMoves lists, in the game's canonical order. Play
// checks; PlayUnchecked is the fast path for moves that came from
// AppendMoves. Moves are small integers that print in the game's notation.
//
// Errors say what was wrong and where: a *MoveError carries the move, its
// Kind (ErrIllegal, ErrGameOver, ErrWrongNode) and the game's Reason, all
// reachable with errors.Is; a *SyntaxError carries the input and the byte
// offset of the problem.
//
// # Outcomes
//
// An Outcome gives every seat a score (1 win, ½ draw, 0 loss; partners
// share their team's score), the Reason the game ended, the single Winner
// if there is one, and zero-sum Returns for search. Results print in
// record notation: "1-0", "0-1", "1/2-1/2", "0-1-0", "1-0-1-0", or "*"
// while the game goes on.
package rules
