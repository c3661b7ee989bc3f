package sgf

import (
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/hex"
	"github.com/tabletop-go/rules/internal/testkit"
	"github.com/tabletop-go/rules/notation"
)

// games reads r with ReadGames and writes each game: its line and moves,
// or its error.
func games(t *testing.T, r io.Reader, f Format) (Format, []string) {
	t.Helper()
	f, seq := ReadGames(r, f)
	var out []string
	n := 0
	for rec, err := range seq {
		n++
		var ge *GameError
		switch {
		case err == nil:
			out = append(out, "line "+strconv.Itoa(rec.Line)+": "+strings.Join(rec.Moves, " "))
		case errors.As(err, &ge):
			assert.Equal(t, n, ge.Game, "the n-th yield is the n-th game")
			out = append(out, "game "+strconv.Itoa(ge.Game)+" line "+strconv.Itoa(ge.Line)+": "+ge.Err.Error())
		default:
			out = append(out, "read error: "+err.Error())
		}
	}
	return f, out
}

// TestReadGamesDetectsTheFormatFromTheStartOnly: the rules of the package
// doc, on input read at once and a byte at a time; a GM[11] further on
// plays no part.
func TestReadGamesDetectsTheFormatFromTheStartOnly(t *testing.T) {
	lg := "(;FF[4]PB[ann]PW[bob]SZ[3];W[aa];B[swap];W[bb])\n"
	lgGM := "(;FF[4]PB[GM[11]]PW[bob]SZ[3];W[cc];B[aa])\n"
	for _, tc := range []struct {
		name, in string
		format   Format
		games    []string
	}{
		{"empty input", "", FormatRecords, nil},
		{"white space only", " \n\t\n", FormatRecords, nil},
		{"records", "[Game \"hex(size=3)\"]\na1\n", FormatRecords, []string{"line 1: a1"}},
		{"records after blank lines", "\n\n\n[Game \"hex(size=3)\"]\na1\n", FormatRecords, []string{"line 4: a1"}},
		{"records starting with a comment that holds SGF", "# (;GM[11];B[a1])\n[Game \"hex(size=3)\"]\na1\n", FormatRecords, []string{"line 2: a1"}},
		{"SGF with GM", "(;GM[11]SZ[3];B[a1])\n", FormatSGF, []string{"line 1: a1"}},
		{"SGF with GM on the root's second line", "(;FF[4]\nGM[11]SZ[3]\n;B[a1];W[swap-pieces];W[b2])\n", FormatSGF, []string{"line 1: a1 swap b2"}},
		{"SGF with GM whose first line reads as Little Golem's", "(;GM[11]SZ[3];W[aa];B[bb])\n", FormatSGF, []string{"game 1 line 1: sgf: node 2: W[aa] is not a cell of the 3x3 board (columns a to c, rows 1 to 3; two letters are how Little Golem writes a cell, and ParseLittleGolem reads its export)"}},
		{"SGF with GM after an escaped bracket", "(;C[a\\]b]GM[11]SZ[3];W[aa];B[bb])\n", FormatSGF, []string{"game 1 line 1: sgf: node 2: W[aa] is not a cell of the 3x3 board (columns a to c, rows 1 to 3; two letters are how Little Golem writes a cell, and ParseLittleGolem reads its export)"}},
		{"SGF with GM of another game", "(;GM[1]SZ[19];B[pd])\n", FormatSGF, []string{"game 1 line 1: sgf: not a Hex game (GM[11])"}},
		{"SGF without GM, HexGui style", "(\n;B[c1]\n;W[a1]\n;B[b2])\n", FormatSGF, []string{"line 1: c1 a1 b2"}},
		{"SGF without GM on one line", "(;SZ[3];B[c1];W[a1])\n", FormatSGF, []string{"line 1: c1 a1"}},
		{"SGF without GM, no line break", "(;SZ[3];B[c1];W[a1])", FormatSGF, []string{"line 1: c1 a1"}},
		{"SGF whose root is longer than DetectBytes", "(;C[" + strings.Repeat("c", DetectBytes+100) + "]GM[11]SZ[3];B[a1])\n", FormatSGF, []string{"line 1: a1"}},
		{"Little Golem", lg + lg, FormatLittleGolem, []string{"line 1: a1 swap b2", "line 2: a1 swap b2"}},
		{"Little Golem with GM[11] in a name further on", lg + lgGM + lg, FormatLittleGolem, []string{"line 1: a1 swap b2", "line 2: c3 a1", "line 3: a1 swap b2"}},
		{"Little Golem with GM[11] in the first name", lgGM + lg, FormatLittleGolem, []string{"line 1: c3 a1", "line 2: a1 swap b2"}},
		{"Little Golem by SO, a bad game first", "(;FF[4]SZ[3]SO[http://www.littlegolem.com];W[aa];W[bb])\n" + lg, FormatLittleGolem, []string{
			`game 1 line 1: little golem game line 1 "(;FF[4]SZ[3]SO[http://www.littlegolem.com];W[aa];W[bb])" at offset 49: nodes alternate W, B, W, ... from W`, "line 2: a1 swap b2"}},
		{"Little Golem, a game without moves first", "(;FF[4]SZ[3]SO[http://www.littlegolem.com])\n" + lg, FormatLittleGolem, []string{"line 1: ", "line 2: a1 swap b2"}},
		{"Little Golem without a line break", "(;FF[4]SZ[3];W[aa])", FormatLittleGolem, []string{"line 1: a1"}},
		{"a UTF-8 byte order mark", string(bom) + "(;FF[4]SZ[3];W[aa])\n", FormatLittleGolem, []string{"line 1: a1"}},
		{"text that is none of them", "(nothing)", FormatSGF, []string{`game 1 line 1: sgf line 1 "(nothing)" at offset 1: unexpected "n" (want ";", "(" or ")")`}},
	} {
		for _, oneByte := range []bool{false, true} {
			var r io.Reader = strings.NewReader(tc.in)
			if oneByte {
				r = iotest.OneByteReader(r)
			}
			f, got := games(t, r, FormatAuto)
			assert.Equal(t, tc.format, f, "%s (one byte at a time: %v)", tc.name, oneByte)
			assert.Equal(t, tc.games, got, "%s (one byte at a time: %v)", tc.name, oneByte)
		}
	}
}

// countingReader counts the bytes read from it.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// TestReadGamesReadsOnlyWhatTheDetectionNeeds: before it returns,
// ReadGames reads at most DetectBytes, and from a stream that arrives a
// byte at a time, no more than the bytes that decide.
func TestReadGamesReadsOnlyWhatTheDetectionNeeds(t *testing.T) {
	for _, tc := range []struct {
		in   string
		read int
	}{
		{"[Game \"hex\"]\na1\n", len(bom)}, // the check for a byte order mark
		{"  \n[Game \"hex\"]\na1\n", 4},
		{"(;GM[11]SZ[3];B[a1])\n", len("(;GM[11]")},
		{"(;FF[4]SZ[3];W[aa])\n(;FF[4]SZ[3];W[bb])\n", len("(;FF[4]SZ[3];W[aa])\n")},
	} {
		c := &countingReader{r: strings.NewReader(tc.in)}
		_, _ = ReadGames(iotest.OneByteReader(c), FormatAuto)
		assert.Equal(t, tc.read, c.n, tc.in)
	}
	c := &countingReader{r: &testkit.Repeated{Head: "(;C[", Body: "c", N: 10 * DetectBytes}}
	f, _ := ReadGames(c, FormatAuto)
	assert.Equal(t, FormatSGF, f)
	assert.LessOrEqual(t, c.n, DetectBytes, "a root longer than DetectBytes is decided from DetectBytes")
	c = &countingReader{r: strings.NewReader("(;GM[11]SZ[3];B[a1])\n")}
	_, _ = ReadGames(c, FormatLittleGolem)
	assert.Equal(t, 0, c.n, "a format given reads nothing before the games")
}

// TestReadGamesReadsTheFormatItIsGiven, whatever the start of the input
// looks like.
func TestReadGamesReadsTheFormatItIsGiven(t *testing.T) {
	lg := "(;FF[4]SZ[3];W[aa];B[bb])\n"
	f, got := games(t, strings.NewReader(lg), FormatSGF)
	assert.Equal(t, FormatSGF, f)
	assert.Equal(t, []string{"game 1 line 1: sgf: node 2: W[aa] is not a cell of the 3x3 board (columns a to c, rows 1 to 3; two letters are how Little Golem writes a cell, and ParseLittleGolem reads its export)"}, got)
	f, got = games(t, strings.NewReader(lg), FormatLittleGolem)
	assert.Equal(t, FormatLittleGolem, f)
	assert.Equal(t, []string{"line 1: a1 b2"}, got)
	f, got = games(t, strings.NewReader(lg), FormatRecords)
	assert.Equal(t, FormatRecords, f)
	assert.Equal(t, []string{"line 1: (;FF[4]SZ[3];W[aa];B[bb])"}, got, "a record of one odd token: its replay refuses it")
	f, got = games(t, strings.NewReader("[Game \"hex\"]\na1\n"), FormatSGF)
	assert.Equal(t, FormatSGF, f)
	assert.Equal(t, []string{`game 1 line 1: sgf line 1 "[Game \"hex\"]" at offset 0: expected "(" to start a game tree`}, got)
}

// TestReadGamesSaysWhichGameAndWhereOfEachError: each game yields once;
// errors are *GameError with the game's number and a line, records carry
// the line where the game starts, and reading goes on after a bad game.
func TestReadGamesSaysWhichGameAndWhereOfEachError(t *testing.T) {
	in := "(;GM[11]SZ[3];B[a1])\n" +
		"\n(;GM[11]SZ[3]\n;B[a1]\n;B[b1])\n" + // tree 2, lines 3-5: the colours
		"(;GM[11]\n;B[a1]\x1bX)\n" + // tree 3: a syntax error on line 7
		"(;GM[11]SZ[3]\n;B[aa])\n" + // tree 4, line 8: no cell
		"(;GM[11]SZ[3];B[c1])\n"
	f, got := games(t, strings.NewReader(in), FormatAuto)
	assert.Equal(t, FormatSGF, f)
	assert.Equal(t, []string{
		"line 1: a1",
		"game 2 line 3: sgf: node 3: B moves, but W is to move (the colours alternate)",
		`game 3 line 7: sgf line 7 ";B[a1]\x1bX)" at offset 6: unexpected "\x1b" (want ";", "(" or ")")`,
		"game 4 line 8: sgf: node 2: B[aa] is not a cell of the 3x3 board (columns a to c, rows 1 to 3; two letters are how Little Golem writes a cell, and ParseLittleGolem reads its export)",
		"line 10: c1",
	}, got)

	_, got = games(t, strings.NewReader("[Game \"hex(size=3)\"]\na1\n\n[Game \"hex\"\na1\n\n[Game \"hex\"]\nb2\n"), FormatAuto)
	assert.Equal(t, []string{
		"line 1: a1",
		`game 2 line 4: record line 4 "[Game \"hex\"" at offset 11: expected "]" to close tag Game`,
		"line 7: b2",
	}, got)

	_, got = games(t, strings.NewReader("(;SZ[3];W[aa])\n\n(;SZ[3];W[aa];W[bb])\n(;SZ[3];W[bb])\n"), FormatAuto)
	assert.Equal(t, []string{
		"line 1: a1",
		`game 2 line 3: little golem game line 3 "(;SZ[3];W[aa];W[bb])" at offset 14: nodes alternate W, B, W, ... from W`,
		"line 4: b2",
	}, got)

	ge := &GameError{Game: 4, Line: 8, Err: errors.New("sgf: node 2: B[aa] is not a cell")}
	assert.Equal(t, "game 4 (line 8): sgf: node 2: B[aa] is not a cell", ge.Error())
	_, seq := ReadGames(strings.NewReader("(;GM[1];B[pd])"), FormatSGF)
	for _, err := range seq {
		assert.ErrorIs(t, err, ErrNotHex, "the cause is reachable")
		assert.ErrorIs(t, err, rules.ErrBadRecord)
	}
}

// failOnce returns data, then err once, then io.EOF: an error that a
// reader does not repeat.
type failOnce struct {
	data   string
	err    error
	failed bool
}

func (f *failOnce) Read(p []byte) (int, error) {
	if f.data != "" {
		n := copy(p, f.data)
		f.data = f.data[n:]
		return n, nil
	}
	if !f.failed {
		f.failed = true
		return 0, f.err
	}
	return 0, io.EOF
}

// TestReadGamesYieldsAReadErrorAfterTheGamesBeforeIt, in every format,
// even when the error is met while telling the format and the reader does
// not repeat it; the error ends the games.
func TestReadGamesYieldsAReadErrorAfterTheGamesBeforeIt(t *testing.T) {
	for _, tc := range []struct {
		in    string
		first string
	}{
		{"[Game \"hex(size=3)\"]\na1\n\n[Game \"hex(size=3)\"]\nb2\n", "line 1: a1"},
		{"(;GM[11]SZ[3];B[a1])\n(;GM[11]SZ[3];B[b2])\n", "line 1: a1"},
		{"(;SZ[3];W[aa])\n(;SZ[3];W[bb])\n", "line 1: a1"},
		// Only the end of the input decides: the error is met while
		// telling the format.
		{"(;SZ[3];W[aa])", "line 1: a1"},
		{"(;SZ[3];B[a1])", "line 1: a1"},
	} {
		detected, _ := ReadGames(strings.NewReader(tc.in), FormatAuto)
		for _, f := range []Format{FormatAuto, detected} {
			_, got := games(t, &failOnce{data: tc.in, err: errors.New("disk on fire")}, f)
			require.NotEmpty(t, got, "%q %v", tc.in, f)
			assert.Equal(t, tc.first, got[0], "%q %v", tc.in, f)
			assert.Equal(t, "read error: disk on fire", got[len(got)-1], "%q %v: the error is not lost", tc.in, f)
		}
	}
}

// TestReadGamesRefusesWhatIsNoInput: a Format out of range and a nil
// reader give an error, not a panic.
func TestReadGamesRefusesWhatIsNoInput(t *testing.T) {
	f, got := games(t, strings.NewReader("[Game \"hex\"]\na1\n"), Format(9))
	assert.Equal(t, Format(9), f)
	assert.Equal(t, []string{"read error: sgf: Format(9) is no format (auto, records, sgf or lg)"}, got)
	for _, f := range []Format{FormatAuto, FormatRecords, FormatSGF, FormatLittleGolem} {
		var got []string
		require.NotPanics(t, func() { _, got = games(t, nil, f) }, "%v", f)
		assert.Equal(t, []string{"read error: sgf: no reader (a nil io.Reader)"}, got, "%v", f)
	}
}

func TestParseFormatReadsWhatStringWrites(t *testing.T) {
	for _, f := range []Format{FormatAuto, FormatRecords, FormatSGF, FormatLittleGolem} {
		back, err := ParseFormat(f.String())
		require.NoError(t, err)
		assert.Equal(t, f, back)
	}
	assert.Equal(t, []string{"auto", "records", "sgf", "lg", "Format(-1)"},
		[]string{FormatAuto.String(), FormatRecords.String(), FormatSGF.String(), FormatLittleGolem.String(), Format(-1).String()})
	_, err := ParseFormat("p\x1b[31m")
	assert.EqualError(t, err, `sgf: unknown format "p\x1b[31m" (records, sgf, lg or auto)`)
	_, err = ParseFormat("SGF")
	assert.Error(t, err, "names are lower case")
}

// TestReadGamesStreamsAnOversizedGameInBoundedMemory, in every format: a
// game over a limit is refused and skipped without being held, and the
// next game is read.
func TestReadGamesStreamsAnOversizedGameInBoundedMemory(t *testing.T) {
	const size = 20 << 20
	for _, tc := range []struct {
		name string
		in   func() io.Reader
		last string
	}{
		{"SGF", func() io.Reader {
			return &testkit.Repeated{Head: "(;GM[11]SZ[19]C[", Body: "c", N: size, Tail: "])\n(;GM[11]SZ[3];B[a1])\n"}
		}, "line 2: a1"},
		{"Little Golem", func() io.Reader {
			return &testkit.Repeated{Head: "(;FF[4]SZ[3]SO[littlegolem.com]PB[", Body: "p", N: size, Tail: "];W[aa])\n(;FF[4]SZ[3];W[bb])\n"}
		}, "line 2: b2"},
		{"records", func() io.Reader {
			return &testkit.Repeated{Head: "[Game \"hex(size=3)\"]\n[Event \"", Body: "e", N: size, Tail: "\"]\na1\n\n[Game \"hex(size=3)\"]\nb2\n"}
		}, "line 5: b2"},
	} {
		var got []string
		allocated := allocated(func() { _, got = games(t, tc.in(), FormatAuto) })
		require.Len(t, got, 2, tc.name)
		assert.Contains(t, got[0], "game 1 line ", tc.name)
		assert.Contains(t, got[0], "longer than", tc.name)
		assert.Equal(t, tc.last, got[1], tc.name)
		assert.Less(t, allocated, uint64(8<<20), "%s: one game's buffer, not the input", tc.name)
	}
}

// FuzzReadGames feeds any bytes to ReadGames in every format: nothing
// panics; before it returns it reads at most DetectBytes; the format
// detected is the same read at once or a byte at a time; each game yields
// once, a record or a *GameError with its number and a line (a
// strings.Reader never fails); a record from SGF holds only cells of its
// board and swaps; and the format detected reads as that format given.
func FuzzReadGames(f *testing.F) {
	for _, s := range []string{
		"[Game \"hex(size=3)\"]\na1 b2\n",
		"(;GM[11]SZ[3]RU[swap=none]AB[b2]AW[a1];B[c3];W[a3])\n(;GM[11];B[aa])",
		"(;FF[4]PB[GM[11]]SZ[3];W[aa];B[swap])\n",
		"(;FF[4]SZ[3]SO[littlegolem.com])\n(;SZ[3];W[aa];B[resign])",
		string(bom) + "(\n;B[c1]\n;W[a1])",
		"(;GM[11]SZ[3]HA[N/S];B[a1];W[swap-pieces])(",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var auto []string
		var detected Format
		for _, format := range []Format{FormatAuto, FormatRecords, FormatSGF, FormatLittleGolem} {
			c := &countingReader{r: strings.NewReader(in)}
			got, seq := ReadGames(c, format)
			if c.n > DetectBytes {
				t.Fatalf("%v: read %d bytes before the games", format, c.n)
			}
			if format == FormatAuto {
				detected = got
				if slow, _ := ReadGames(iotest.OneByteReader(strings.NewReader(in)), FormatAuto); slow != got {
					t.Fatalf("detected %v at once, %v a byte at a time", got, slow)
				}
			} else if got != format {
				t.Fatalf("asked for %v, read %v", format, got)
			}
			var out []string
			n := 0
			for rec, err := range seq {
				n++
				var ge *GameError
				switch {
				case err == nil:
					if rec.Line < 1 {
						t.Fatalf("%v: game %d at line %d", format, n, rec.Line)
					}
					if got == FormatSGF {
						checkCells(t, rec)
					}
					out = append(out, rec.String())
				case errors.As(err, &ge):
					if ge.Game != n || ge.Line < 1 || ge.Err == nil {
						t.Fatalf("%v: yield %d gave %#v", format, n, ge)
					}
					out = append(out, ge.Error())
				default:
					t.Fatalf("%v: a strings.Reader gave %v", format, err)
				}
			}
			switch {
			case format == FormatAuto:
				auto = out
			case format == detected && strings.Join(out, "\x00") != strings.Join(auto, "\x00"):
				t.Fatalf("detected %v reads otherwise than %v given", detected, format)
			}
		}
	})
}

// checkCells fails unless every move of rec is a cell of its board or a
// swap.
func checkCells(t *testing.T, rec notation.Record) {
	t.Helper()
	spec, _ := rec.Tag("Game")
	cfg, err := hex.ParseSpec(spec)
	if err != nil {
		t.Fatalf("ToRecord wrote Game %q: %v", spec, err)
	}
	grid := hex.Config{Cols: cfg.Cols, Rows: cfg.Rows, Swap: hex.SwapNone}.Start()
	for _, m := range rec.Moves {
		if m == "swap" {
			continue
		}
		if mv, err := grid.ParseMove(m); err != nil || mv.IsSwap() || mv.String() != m {
			t.Fatalf("ToRecord wrote move %q, no cell of %s", m, spec)
		}
	}
}
