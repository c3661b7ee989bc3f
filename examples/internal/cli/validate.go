package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/hex/sgf"
	"github.com/tabletop-go/rules/notation"
)

// Validate implements `validate [-legal] [-format F]`: it replays every
// record on stdin and prints one line per record:
//
//	ok PLIES RESULT            the moves are legal; RESULT is the result by
//	                           the rules after them (* if not ended)
//	illegal PLY MOVE: REASON   move number PLY (from 1) cannot be played
//	mismatch PLIES: ...        the Result tag contradicts how the game ended
//	                           ("*" claims nothing; a decided result on a
//	                           game the rules have not ended is taken as a
//	                           resignation or a loss on time)
//	invalid N: ...             the record itself is unusable (syntax, no
//	                           Game tag, bad spec or position, an SGF tree
//	                           that does not convert); N is the line where
//	                           the record starts, for Little Golem's export
//	                           the line of the game, and for SGF the game
//	                           tree's number (from 1)
//
// It reads its input with sgf.ReadGames, as a stream, holding one record,
// one SGF game tree or one Little Golem line at a time, within the limits
// of package notation (MaxLineBytes, MaxRecordMoves, MaxRecordBytes) and
// package sgf (MaxTreeBytes, MaxTreeNodes, MaxTreeDepth,
// MaxLittleGolemLine), so its memory does not grow with the input. A
// UTF-8 byte order mark at the start is skipped. A move token in an
// illegal line is written as it stands when it is short and printable,
// else quoted and escaped as a Go string and cut to 40 bytes; error texts
// escape every control character.
//
// With -format sgf or lg it reads Hex SGF main lines or Little Golem's
// export instead of records. With -format auto (the default) it decides
// from the start of the input (at most 64 KiB of it, and only as much as
// it needs) and then streams the rest, by the rules of sgf.ReadGames
// (the doc of package sgf gives them):
//
//   - input whose first character (after white space) is not "(" is
//     records;
//   - SGF when the first game tree's root node holds a GM property
//     (GM[11] is Hex; another game's trees are refused one by one);
//   - otherwise Little Golem's export when the root names
//     littlegolem.com in SO or the first line reads as a Little Golem
//     game (one line, W moves first, two-letter coordinates);
//   - otherwise SGF, as HexGui-style files without GM are (B moves
//     first, coordinates such as f3, often one node per line).
//
// A GM[11] anywhere else (a player named "GM[11]" on some line) plays no
// part. -format decides when the start of the input is not typical of
// the rest.
//
// With -legal, before each ply it prints `legal PLY m1 m2 ...` (the legal
// moves, or at a chance node the chance outcomes, in canonical order). It
// exits 1 if any record fails, 2 for bad flags or when standard input
// cannot be read.
func Validate(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("validate", stderr)
	legal := fs.Bool("legal", false, "print the legal moves before each ply")
	format := fs.String("format", "auto", "input format: records, sgf (Hex SGF, main lines), lg (Little Golem's Hex export) or auto")
	if err := fs.Parse(args); err != nil {
		return ExitBadArgs
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "validate: unexpected argument %q (records are read from standard input)\n", fs.Arg(0))
		return ExitBadArgs
	}
	f, err := sgf.ParseFormat(*format)
	if err != nil {
		fmt.Fprintf(stderr, "validate: unknown format %q (records, sgf, lg or auto)\n", *format)
		return ExitBadArgs
	}
	f, games := sgf.ReadGames(stdin, f)
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	status := ExitOK
	n := 0 // the game's number in the input
	for rec, err := range games {
		n++
		var ge *sgf.GameError
		switch {
		case err == nil:
			if f == sgf.FormatSGF {
				rec.Line = n // SGF games are numbered by tree, not line
			}
			if !validateRecord(rec, *legal, out) {
				status = ExitFailed
			}
		case errors.As(err, &ge):
			number := ge.Line
			if f == sgf.FormatSGF {
				number = ge.Game
			}
			fmt.Fprintf(out, "invalid %d: %s\n", number, printable(ge.Err.Error()))
			status = ExitFailed
		default:
			out.Flush()
			fmt.Fprintf(stderr, "validate: reading standard input: %s\n", printable(err.Error()))
			return ExitBadArgs
		}
		if err := out.Flush(); err != nil {
			return ExitFailed
		}
	}
	return status
}

// validateRecord prints the record's line (and with legal, the legal
// moves before each ply it reached) and reports whether it replayed. It
// keeps no position: memory does not grow with the record's length.
func validateRecord(rec notation.Record, legal bool, out io.Writer) bool {
	var visit func(int, rules.Dynamic, string)
	if legal {
		visit = func(ply int, pos rules.Dynamic, _ string) {
			fmt.Fprintf(out, "legal %d %s\n", ply, strings.Join(pos.Moves(), " "))
		}
	}
	final, err := rec.Walk(visit)
	if err == nil {
		fmt.Fprintf(out, "ok %d %s\n", len(rec.Moves), final.Outcome().Result())
		return true
	}
	var re *notation.ReplayError
	var mismatch *notation.ResultError
	switch {
	case !errors.As(err, &re) || re.Ply == 0:
		cause := err
		if re != nil {
			cause = re.Err
		}
		fmt.Fprintf(out, "invalid %d: %s\n", rec.Line, printable(cause.Error()))
	case errors.As(re.Err, &mismatch):
		fmt.Fprintf(out, "mismatch %d: %s\n", len(rec.Moves), printable(mismatch.Error()))
	default:
		fmt.Fprintf(out, "illegal %d %s: %s\n", re.Ply, token(re.Move), printable(reason(re.Err)))
	}
	return false
}

// reason returns the shortest sentence that says why a move failed.
func reason(err error) string {
	var me *rules.MoveError
	if errors.As(err, &me) {
		return me.Why()
	}
	var se *rules.SyntaxError
	if errors.As(err, &se) {
		return "syntax error: " + se.Msg
	}
	return err.Error()
}
