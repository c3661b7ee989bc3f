// Package rules is the root of tabletop-go/rules, a Go SDK that embeds the
// complete rules of a family of abstract board games: Hex, Focus,
// Domination (Don Woods' dominoes game), Explocus and Hexplocus. Bots get legal moves
// fast, game servers validate moves sent by strangers, and tools store
// and exchange positions and game records as text.
//
// # Packages
//
//   - rules (this package): the vocabulary every game shares (Player,
//     Node, Outcome, Reason, Prob, MoveError, SyntaxError), the generic
//     Position contract, the registry of games (Open, OpenPosition,
//     Games), the text view Dynamic, and helpers built only on the
//     contract: Perft, Divide, SampleChance and Sampler (random playouts
//     and rollouts), and Batch (many games stepped together, for
//     training).
//   - notation: the text machinery the games share: square names, game
//     specs such as "hex(size=11,swap=sides)", results such as "1-0",
//     PGN-like game records and their replay.
//   - hex (with hex/sgf for Hex SGF), focus, domination and explocus (which
//     holds Explocus and Hexplocus): one package per game, each with every
//     variant, and an svg sub-package each that draws positions. Hex
//     also has hex/analysis (virtual connections by H-search, edge
//     templates, inferior cells and fill-in), hex/solve (a proof-number
//     solver) and hex/hexbot (a Hex player built on both).
//   - examples: importable packages for bots (examples/bot) and for engines
//     in other languages (examples/protocol), and programs: perft,
//     validate, selfplay, arena, play, htp, engine, hexsolve, serve (a
//     browser game site), embed and pictures.
//
// Imports flow one way: rules ← notation ← the game packages ← examples.
// No game imports another, and this package imports no game.
//
// # Opening a game by name
//
// Each game package registers itself with Register when it is imported,
// as database/sql drivers do, so a program that imports the games it
// wants (for their side effect alone, if it needs nothing game-specific)
// opens any game and variant from a spec string:
//
//	import _ "github.com/tabletop-go/rules/focus"
//
//	d, err := rules.Open("focus(players=4,teams=true)")
//
// Open gives the start position and OpenPosition a stored one, both as a
// Dynamic: a position seen through text moves, with its legal moves,
// chance outcomes with exact probabilities, the canonical text of any
// move (Canonical), legality without playing (Legal) and JSON that
// UnmarshalDynamic reads back. An unknown game is an error matching
// ErrUnknownGame. Search uses the typed positions instead (Dynamic.Typed,
// or the game package directly), which are much faster.
//
// # One shape for every game package
//
// A reader who knows one game package knows them all:
//
//   - Config selects the variant; Default is a bare spec's. ParseSpec
//     reads a spec string, FromSpec a parsed notation.Spec; Config.Spec
//     and Config.String write the canonical spec; Config.Validate
//     reports a configuration the package cannot play.
//   - Config.Start returns the start position and New() the default
//     game's; Config.ParsePosition reads a position text of that variant
//     and the package-level ParsePosition one of any variant.
//   - Position.Config gives the variant back; Position.Size returns
//     (files, ranks), columns then rows, in every game.
//   - The constant MaxMoves is a move-buffer capacity that serves every
//     variant; the method Position.MaxMoves gives a position's own.
//   - The package registers its game in init: rules.Open("hex") works
//     once the package is imported.
//   - Moves and positions implement encoding.TextMarshaler and
//     encoding.TextUnmarshaler, so they go through encoding/json as
//     their notation.
//   - NewSquare(file, rank) makes a Square (NoSquare off the grid),
//     Position.Turn returns the rules.Player whose turn it is, and the
//     move constructors return NoMove for a square that is no square.
//
// What differs between the packages differs because the games do:
// what a square holds (At gives a Hex stone's Color, a Focus Stack of up
// to five pieces, an Explocus column's owner and height; Domination's
// PieceAt gives the owner of a piece, as its squares also hold
// dominoes, Tiles), the move constructors (hex.Place and the Swap;
// focus.StackMove, Drop, SwapMove, NowakTurn and Pass;
// domination.Turn of two steps and Draw of a Tile, a chance move;
// explocus.StackMove), Hex's colours (Black and White, which the pie
// rule can exchange with the seats), Explocus's Capacity (a column's
// height limit, which depends on the square) and the square types'
// widths (each the smallest that holds its game's board).
//
// # Position texts
//
// A position's String is one line that its game's ParsePosition reads
// back to an equal position (==, with the same Hash), variant included.
// When the rest of the text would not determine the variant (a pie rule
// other than the board shows, a ply limit, more players), the text begins
// with the canonical spec and a space:
//
//	hex(size=7,swap=none) 7/7/7/7/7/7/7 b -
//	focus(plylimit=10) 4/AABBAA/1BBAABB1/1AABBAA1/1BBAABB1/1AABBAA1/BBAABB/4 A 0,0 0,0 0
//
// Each game's package doc says what a text without a spec implies.
//
// # The contract
//
// The contract has two parts. Position[P, M] is what the rules need, and
// all a new game must write: seats, the seat to move, the legal moves into
// a buffer, chance outcomes with exact probabilities, Legal, an unchecked
// play, the outcome, a hash, the text forms, the ply and CanEnd. With it
// alone a game registers, opens through Dynamic, and gets perft, records,
// the engine protocol, serve and the bots (plain UCT with random
// playouts). Kit[P, M] adds what search and learning need, and only the
// code that uses it requires it: an evaluation and fast random playouts
// (Evaluate, Rollout), a dense action space per variant (NumActions,
// ActionIndex, ActionMove, and NumChanceActions and ChanceMove for chance
// outcomes), observation planes from a seat's view (ObservationShape,
// AppendObservation) and the board symmetries the rules keep (Symmetries,
// Transform, TransformMove), with ActionPermutation turning one into a
// permutation of the action space for data augmentation. Generic code over
// Position takes a position's kit where it has one with KitOf, without an
// allocation. Every game of this module implements the kit; a game with
// only the rules gets ErrNotSupported from Dynamic's kit methods and from
// NewBatch, and its Game says so (Kit false).
//
// A position is an immutable value with no pointers: playing returns a
// new position and never changes the receiver, so positions can be
// copied, stored and shared across goroutines freely. A node of the game
// tree is a decision (a seat is to move), a chance node (Chance is to
// move; its outcomes come with exact probabilities and are played like
// moves) or terminal (Terminal is to move; Outcome says who won and why).
//
// Legal-move generation is the single source of truth: Legal(m) accepts
// exactly the moves AppendMoves lists, in the game's canonical order. The
// function Play checks (Legal, then PlayUnchecked), once for every game;
// PlayUnchecked is the fast path for moves that came from AppendMoves.
// Moves are small integers that print in the game's notation. MaxMoves
// sizes a move buffer with which AppendMoves never allocates. CanEnd says
// which results a variant can have (Hex has no draws), so that a record
// cannot claim another. Dynamic offers all of it in text form (and
// PlayAction, which plays an action index), and History keeps a game with
// undo. Each game's package doc lists its encoding, planes and
// symmetries.
//
// # The invalid value
//
// Go gives every type a zero value, and a zero position is no game: it has
// no board and no variant. Rather than pass for a game, it is inert: its
// IsValid reports false, Seats is 0, ToMove is Terminal, Outcome is the
// Invalid outcome (result "?"), it lists no moves, Legal and Play refuse
// every move with a *MoveError of kind ErrNoGame, the kit's Evaluate and
// Rollout report ok false, its Hash is 0 and its Spec "", its String is a text
// every reader refuses ("<invalid hex position>") and MarshalText refuses
// it. Each game returns this same value from a failed parse and
// from Start of a configuration its Validate refuses: nothing is clamped
// or repaired into a game. Erase refuses it (ErrNoGame), so a Dynamic is
// always a game, and so do the bots.
//
// Likewise, a constructor given coordinates off its game's grid returns
// the game's NoSquare or NoMove rather than a square or move that wraps
// around: Legal and Play refuse such a move, saying which grid the
// coordinates missed.
//
// Outcomes are built with Win and Draw; impossible arguments (a seat
// count outside 2 to MaxSeats, a winner who is not a seat) give the
// Invalid outcome rather than a silently corrected one.
//
// Errors say what was wrong and where: a *MoveError carries the move, its
// Kind (ErrIllegal, ErrGameOver, ErrWrongNode, ErrNoGame) and the game's Reason, all
// reachable with errors.Is; a *SyntaxError carries the input and the byte
// offset of the problem. ParseMove judges only syntax (a *SyntaxError);
// Legal and Play judge legality (a *MoveError).
//
// # Rollouts
//
// Search plays many random games, and a game may know a faster way to
// play one than the generic loop (list the moves, pick one, play it):
// Position.Rollout is that fast path, part of the contract so that
// generic code calls it without boxing the position, and optional in
// effect, since a position without one reports ok false. A rollout must
// be equivalent in distribution to uniformly random play through
// AppendMoves (chance outcomes drawn with their probabilities): the
// same outcomes with the same probabilities, and when cut at a ply
// bound, the same positions. Sampler.Rollout is the entry point: the
// game's fast path when it has one, the generic loop otherwise.
//
// Hex finds the winner of a random game without playing it: it fills the
// empty cells at random (a random set of half of them for each colour)
// and looks for the connected colour once, which gives exactly the
// winners of random play to the first connection, some ten times faster
// than a plain array and union-find loop; the pie rule is drawn as random
// play would draw it. Focus, Domination and Explocus play the generic
// loop in place, without copying the position at every step (Focus's
// two-seat game draws an index into the moves it counts, without listing
// them), and draw the very random numbers the generic loop draws, so
// that from the same generator state they play the same game. A rollout can also
// report the moves it played, each with its seat (Played), for search
// heuristics such as AMAF.
//
// # Batches
//
// Batch runs N games of one variant side by side, as pgx's batched
// environments do: one Step plays one action index in every game, draws
// the chance outcomes that follow with their exact probabilities (from
// each game's own generator, so that a seed gives the same games whatever
// the number of cores), restarts the games that ended on the step before,
// and leaves the observations, legal-action masks, seats to move, rewards
// and terminated and truncated flags in plain arrays that a caller may
// point at memory of its own (the Python package's are numpy's). Step
// checks every action against the batch's own masks, made from the legal
// moves, and changes nothing if one is refused. Its games are spread over
// helper goroutines that spin a while for the next step before they
// sleep, and a game whose position implements ActionMasker writes its
// mask without a method call per move.
//
// # Outcomes
//
// An Outcome gives every seat a score (1 win, ½ draw, 0 loss; partners
// share their team's score), the Reason the game ended, the single Winner
// if there is one, and zero-sum Returns for search. Results print in
// record notation: "1-0", "0-1", "1/2-1/2", "0-1-0", "1-0-1-0", or "*"
// while the game goes on.
//
// The root names only the reasons any game may give (NoLegalMove,
// Elimination, PlyLimit, and a referee's or a record's Forfeit,
// Resignation and Agreement). A game names the endings of its own rules
// with NewReason, once, in its package (hex.Connection is
// NewReason("connection")); records, JSON, the engine protocol and the
// bindings show and read a reason by its text, so a game from any module
// can say why it ended.
package rules
