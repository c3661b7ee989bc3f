// Package notation holds the text machinery every game shares: square
// names, game specs, results and game records. Game packages build their
// own move and position notations on it; syntax errors are
// *rules.SyntaxError values that give the offending input and offset.
//
// # Squares
//
// A square is a file name then a rank number: "c3", "k10", "aa12". Files
// run a..z, then aa, ab, ... az, ba, ... (AppendFile, ParseFile). Rank
// numbers start at 1; a Grid maps them to rows counted from the top of a
// diagram, either with rank 1 at the bottom (RanksUp: Focus, Explocus,
// Domination) or row 1 at the top (RowsDown: Hex).
//
// # Game specs
//
// A spec names a game and its options: "hex", "hex(size=13,swap=pieces)".
// ParseSpec reads the syntax; each game package checks its own options and
// reports a *SpecError for an unknown option, a bad value, or options that
// do not go together. Spec.String writes the canonical form.
//
// # Position texts
//
// Each game package writes positions in its own one-line notation, which
// may begin with the canonical spec of the game's variant followed by one
// space: "hex(size=7,swap=none) 7/7/7/7/7/7/7 b -". A position writes the
// spec exactly when the rest of its text would not determine its
// configuration, and the rest is then read in that configuration; a text
// without a spec (a bare text) implies a configuration that each game's
// package doc states. A text begins with a spec when it begins with a
// game name directly followed by "(" (CutSpec splits it off), so a spec
// with no options is written with empty parentheses, e.g. "domination()".
//
// ReadPosition is the half of the game packages' position parsers that
// they share: with a spec, the rest of the text is read in the
// configuration the spec gives, which must be the wanted one when the
// caller wants a particular configuration (Config.ParsePosition in every
// game package); without a spec, the text is read in the wanted
// configuration, or in the one the bare text implies (the package-level
// ParsePosition). Syntax errors are reported at their offset in the whole
// text.
//
// Every game's position text begins with its board, in one grammar: the
// ranks first to last (the top rank first), separated by "/", each
// listing its cells in order, and, where the game says so, a decimal
// count (no leading zero) for a run of empty cells: "3/1B1/3". A
// RankReader reads that grammar as Ranks describe the board (the ranks,
// the cells of each, the words of its messages) and refuses a rank with
// too few or too many cells, a "/" too many and a board that ends early;
// the game reads each cell's own syntax (a stack "abA", a height "A3", a
// domino "[2-5]"). A count is one number however many digits it has:
// "11" is eleven empty cells, not one and one.
//
// # Results
//
// A result gives each seat's score joined by dashes: "1-0", "0-1",
// "1/2-1/2", "0-1-0", "1-0-1-0"; "*" means unfinished (ParseResult).
//
// # Records
//
// A record is PGN-like: tag pairs, then move tokens.
//
//	[Game "hex(size=7,swap=none)"]
//	[Position "hex(size=7,swap=none) 7/7/7/3B3/7/7/7 w -"]   optional: a non-standard start
//	[Result "1-0"]
//	[Event "other tags are kept"]
//
//	c5 d3 e2   # a comment runs to the end of the line
//	4. b6      # move numbers such as 4. are ignored
//
// Records reads a stream of records separated by blank lines, reporting a
// syntax error with its line and offset and then going on with the next
// record; Record.String writes one back, and the two round-trip. A Result
// and a Record are also their text in JSON (MarshalText, UnmarshalText).
//
// # Replay
//
// Record.Replay plays a record through the rules of the game its [Game]
// tag names, opened with rules.Open (so the game's package must be
// imported somewhere in the program), from the [Position] tag if there is
// one. It returns every position of the game and the moves in canonical
// notation, or a *ReplayError that gives the ply of the first move that
// could not be played and why. The [Result] tag is checked against the
// rules: it must be a result the variant can have (every seat scored, a
// draw only where the game has one: Position.CanEnd); when the rules
// have ended the game it must be their result (a *ResultError
// otherwise); a decided result on a game the rules have not ended is
// accepted as a resignation or a loss on time; "*" claims nothing.
package notation
