package cli

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"iter"
	"strings"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/hex/sgf"
	"github.com/tabletop-go/rules/notation"
)

// Validate implements `validate [-legal]`: it replays every record on
// stdin and prints one line per record:
//
//	ok PLIES RESULT            the moves are legal; RESULT is the result by
//	                           the rules after them (* if not ended)
//	illegal PLY MOVE: REASON   move number PLY (from 1) cannot be played
//	mismatch PLIES: ...        the Result tag contradicts how the game ended
//	                           ("*" claims nothing; a decided result on a
//	                           game the rules have not ended is taken as a
//	                           resignation or a loss on time)
//	invalid LINE: ...          the record itself is unusable (syntax, no
//	                           Game tag, bad spec or position); for SGF,
//	                           LINE is the game tree's number
//
// With -format sgf or lg (or auto, the default, which tells them apart)
// it reads Hex SGF main lines or Little Golem's export instead of
// records.
//
// With -legal, before each ply it prints `legal PLY m1 m2 ...` (the legal
// moves, or at a chance node the chance outcomes, in canonical order). It
// exits 1 if any record fails.
func Validate(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("validate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	legal := fs.Bool("legal", false, "print the legal moves before each ply")
	format := fs.String("format", "auto", "input format: records, sgf (Hex SGF, main lines), lg (Little Golem's Hex export) or auto")
	if err := fs.Parse(args); err != nil {
		return ExitBadArgs
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "validate: unexpected argument %q (records are read from standard input)\n", fs.Arg(0))
		return ExitBadArgs
	}
	data, err := io.ReadAll(stdin)
	if err != nil {
		fmt.Fprintf(stderr, "validate: %v\n", err)
		return ExitBadArgs
	}
	var records iter.Seq2[notation.Record, error]
	switch f := detectFormat(*format, data); f {
	case "records":
		records = notation.Records(data)
	case "sgf":
		records = sgfRecords(data)
	case "lg":
		records = sgf.LittleGolemRecords(data)
	default:
		fmt.Fprintf(stderr, "validate: unknown format %q (records, sgf, lg or auto)\n", *format)
		return ExitBadArgs
	}
	status := ExitOK
	for rec, err := range records {
		if err != nil {
			var se *rules.SyntaxError
			line := 0
			if errors.As(err, &se) {
				line = se.Line
			}
			fmt.Fprintf(stdout, "invalid %d: %v\n", line, err)
			status = ExitFailed
			continue
		}
		if !validateRecord(rec, *legal, stdout) {
			status = ExitFailed
		}
	}
	return status
}

// validateRecord prints the record's line (and with legal, the legal
// moves before each ply it reached) and reports whether it replayed.
func validateRecord(rec notation.Record, legal bool, out io.Writer) bool {
	r, err := rec.Replay()
	if legal {
		for i, pos := range r.Positions {
			if i < len(rec.Moves) {
				fmt.Fprintf(out, "legal %d %s\n", i+1, strings.Join(pos.Moves(), " "))
			}
		}
	}
	var re *notation.ReplayError
	if !errors.As(err, &re) {
		final := r.Final()
		fmt.Fprintf(out, "ok %d %s\n", len(r.Moves), final.Outcome().Result())
		return true
	}
	var mismatch *notation.ResultError
	switch {
	case re.Ply == 0:
		fmt.Fprintf(out, "invalid %d: %v\n", rec.Line, re.Err)
	case errors.As(re.Err, &mismatch):
		fmt.Fprintf(out, "mismatch %d: %v\n", len(r.Moves), mismatch)
	default:
		fmt.Fprintf(out, "illegal %d %s: %s\n", re.Ply, re.Move, reason(re.Err))
	}
	return false
}

// detectFormat resolves -format auto: SGF starts with "(;"; a file that
// names GM[11] is HexGui-style SGF, any other is Little Golem's export.
func detectFormat(format string, data []byte) string {
	if format != "auto" {
		return format
	}
	trimmed := bytes.TrimSpace(data)
	switch {
	case !bytes.HasPrefix(trimmed, []byte("(;")):
		return "records"
	case bytes.Contains(trimmed, []byte("GM[11]")):
		return "sgf"
	}
	return "lg"
}

// sgfRecords converts each game tree's main line to a record; a tree that
// cannot be converted yields its error with the tree's number.
func sgfRecords(data []byte) iter.Seq2[notation.Record, error] {
	return func(yield func(notation.Record, error) bool) {
		trees, err := sgf.Parse(string(data))
		if err != nil {
			yield(notation.Record{}, err)
			return
		}
		for i, tree := range trees {
			rec, err := sgf.ToRecord(tree)
			rec.Line = i + 1
			if err != nil {
				err = fmt.Errorf("game tree %d: %w", i+1, err)
			}
			if !yield(rec, err) {
				return
			}
		}
	}
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
