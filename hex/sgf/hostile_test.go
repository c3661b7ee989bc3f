package sgf

import (
	"bytes"
	"errors"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/notation"
)

// treeResult is one yield of TreesFrom, written for comparison.
func treesFrom(t *testing.T, r io.Reader) []string {
	t.Helper()
	var out []string
	for tree, err := range TreesFrom(r) {
		switch {
		case err != nil:
			out = append(out, "error: "+err.Error())
		default:
			require.NotNil(t, tree)
			rec, err := ToRecord(tree)
			if err != nil {
				out = append(out, "convert: "+err.Error())
				continue
			}
			out = append(out, strings.Join(rec.Moves, " "))
		}
	}
	return out
}

func TestTreesFromYieldsEveryTreeOnceAndResumesAfterAnError(t *testing.T) {
	in := "\xef\xbb\xbf(;GM[11]SZ[3];B[a1];W[b2])\n(;GM[11]SZ[3];B[a1)\n"
	assert.Equal(t, []string{
		"a1 b2",
		`error: sgf line 2 "(;GM[11]SZ[3];B[a1)" at offset 0: game tree not closed: missing ")"`,
	}, treesFrom(t, strings.NewReader(in)), "a BOM is skipped; an unclosed value runs to the end of the stream")

	in = "(;GM[11]SZ[3];B[a1];W[b2])\n" +
		"junk \x1b[31m here\n" +
		"(;GM[11]SZ[3];B[c3]\n;W[b1])\n" +
		"(;GM[11];B[a1]1)\n" +
		"(;GM[11]SZ[3];B[a1]\n(;W[b2])(;W[c2]))"
	got := treesFrom(t, strings.NewReader(in))
	assert.Equal(t, []string{
		"a1 b2",
		`error: sgf line 2 "junk \x1b[31m here" at offset 0: expected "(" to start a game tree`,
		"c3 b1",
		`error: sgf line 5 "(;GM[11];B[a1]1)" at offset 14: unexpected "1" (want ";", "(" or ")")`,
		"a1 b2",
	}, got)
	for _, line := range got {
		assert.NotContains(t, line, "\x1b", "errors quote the input escaped")
	}
}

// lazy is a reader of n bytes made of head, then body repeated, then
// tail, generated as it is read: a large input without holding it.
type lazy struct {
	head, body, tail string
	n                int // bytes of body to write
	at               int
}

func (l *lazy) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		switch {
		case l.head != "":
			c := copy(p[n:], l.head)
			l.head, n = l.head[c:], n+c
		case l.at < l.n:
			off := l.at % len(l.body)
			c := copy(p[n:], l.body[off:min(len(l.body), off+l.n-l.at)])
			l.at, n = l.at+c, n+c
		case l.tail != "":
			c := copy(p[n:], l.tail)
			l.tail, n = l.tail[c:], n+c
		default:
			if n == 0 {
				return 0, io.EOF
			}
			return n, nil
		}
	}
	return n, nil
}

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestTreesFromReadsA50MBTreeInBoundedMemory: a tree over MaxTreeBytes is
// refused at its start and skipped to its end storing nothing, and the
// next tree is read.
func TestTreesFromReadsA50MBTreeInBoundedMemory(t *testing.T) {
	var got []string
	comment := "C[" + strings.Repeat("x", 1000) + "]" // two moves and comments: 2018 bytes
	bytesAllocated := allocated(func() {
		got = treesFrom(t, &lazy{head: "(;GM[11]SZ[19]", body: ";B[a1]" + comment + ";W[b2]" + comment, n: (50 << 20) / 2018 * 2018, tail: ")\n(;GM[11]SZ[2];B[a1])"})
	})
	require.Len(t, got, 2)
	assert.Equal(t, `error: sgf line 1 "(;GM[11]SZ[19];B[a1]C[`+strings.Repeat("x", 58)+`..." at offset 0: the game tree is longer than 1048576 bytes`, got[0])
	assert.Equal(t, "a1", got[1])
	assert.Less(t, bytesAllocated, uint64(8<<20), "one tree buffer, not the input")
}

func TestTreesFromRefusesTreesOverTheLimits(t *testing.T) {
	deep := strings.Repeat("(;", MaxTreeDepth+2) + strings.Repeat(")", MaxTreeDepth+2)
	many := "(" + strings.Repeat(";", MaxTreeNodes+1) + ")"
	next := "\n(;B[a1])"
	for _, tc := range []struct{ in, want string }{
		{deep + next, "variations nested more than 1000 deep"},
		{many + next, "the game tree holds more than 65536 nodes"},
		{"(;C[" + strings.Repeat("x", MaxTreeBytes) + "])" + next, "the game tree is longer than 1048576 bytes"},
	} {
		got := treesFrom(t, strings.NewReader(tc.in))
		require.Len(t, got, 2, tc.want)
		assert.Contains(t, got[0], tc.want)
		assert.Equal(t, "a1", got[1], "the next tree is read")
		_, err := Parse(tc.in)
		assert.ErrorContains(t, err, tc.want, "Parse applies the same limits")
	}
	// Just within the limits.
	ok := strings.Repeat("(;", MaxTreeDepth+1) + strings.Repeat(")", MaxTreeDepth+1)
	got := treesFrom(t, strings.NewReader(ok))
	assert.Equal(t, []string{""}, got)
}

type failingReader struct{ data io.Reader }

func (f *failingReader) Read(p []byte) (int, error) {
	n, err := f.data.Read(p)
	if err == io.EOF {
		return n, errors.New("disk on fire")
	}
	return n, err
}

func TestStreamReadersYieldAReadErrorAndStop(t *testing.T) {
	got := treesFrom(t, &failingReader{strings.NewReader("(;B[a1])\n(;B[b1]")})
	assert.Equal(t, []string{"a1", "error: disk on fire"}, got)
	var errs []string
	for _, err := range LittleGolemFrom(&failingReader{strings.NewReader("(;SZ[3];W[aa])\n(;SZ[3];W[bb])")}) {
		if err != nil {
			errs = append(errs, err.Error())
		}
	}
	assert.Equal(t, []string{"disk on fire"}, errs)
}

func TestLittleGolemFromSkipsABOMAndRefusesALongLine(t *testing.T) {
	in := "\xef\xbb\xbf(;SZ[3];W[aa])\n(;SZ[3]PB[" + strings.Repeat("\x1b", MaxLittleGolemLine) + "];W[aa])\n(;SZ[3];W[bb])\n"
	var lines []string
	for rec, err := range LittleGolemFrom(strings.NewReader(in)) {
		if err != nil {
			var se *rules.SyntaxError
			require.ErrorAs(t, err, &se)
			lines = append(lines, err.Error())
			continue
		}
		lines = append(lines, strings.Join(rec.Moves, " "))
	}
	assert.Equal(t, []string{"a1", `little golem game line 2 "(;SZ[3]PB[\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b" at offset 0: the line is longer than 65536 bytes`, "b2"}, lines)
}

func TestLittleGolemRefusesARepeatedPropertyAndQuotesTheSize(t *testing.T) {
	_, err := ParseLittleGolem("(;SZ[3]SZ[5];W[aa])")
	assert.ErrorContains(t, err, "property SZ appears twice")
	_, err = ParseLittleGolem("(;SZ[\x1b[2J];W[aa])")
	assert.ErrorContains(t, err, `bad board size SZ[\x1b[2J]`)
	assert.NotContains(t, err.Error(), "\x1b")
}

// toRecordErr converts the first tree of an SGF text.
func toRecordErr(t *testing.T, sgf string) (notation.Record, error) {
	t.Helper()
	return ToRecord(mustTree(t, sgf))
}

func TestToRecordChecksNodeColoursAndValues(t *testing.T) {
	for _, tc := range []struct{ sgf, want string }{
		{"(;GM[11]SZ[3];B[a1];B[b1])", "sgf: node 3: B moves, but W is to move (the colours alternate)"},
		{"(;GM[11]SZ[3];W[a1])", "sgf: node 2: W moves, but B is to move (Black moves first)"},
		{"(;GM[11]SZ[3];B[a1];W[b1];W[c1])", "sgf: node 4: W moves, but B is to move (the colours alternate)"},
		{"(;GM[11]SZ[3];B[a1];B[swap-pieces])", "sgf: node 3: B moves, but W is to move (the colours alternate)"},
		{"(;GM[11]SZ[3];B[a1];W[swap-sides];B[b2])", "sgf: node 4: B moves, but after swap-sides W moves again"},
		{"(;GM[11]SZ[3];B[a1][b2])", "sgf: node 2: move B has 2 values, want one"},
		{"(;GM[11]SZ[3];B[a1]W[b2])", "sgf: node 2 holds two moves, B and W (one move per node)"},
		{"(;GM[11]SZ[3];B[a1]B[b2])", "sgf: node 2: property B appears twice"},
		{"(;GM[11][11]SZ[3];B[a1])", "sgf: node 1: GM has 2 values, want one"},
		{"(;GM[11]SZ[3][4];B[a1])", "sgf: node 1: SZ has 2 values, want one"},
		{"(;GM[11]SZ[+3];B[a1])", "sgf: bad board size SZ[+3]"},
		{"(;GM[11]SZ[\x1b[2J];B[a1])", `sgf: bad board size SZ[\x1b[2J]`},
		{"(;GM[11]SZ[3]PL[W];W[a1])", "sgf: node 1: PL[W] without setup stones: Black moves first in Hex"},
		{"(;GM[11]SZ[3]PL[X])", "sgf: node 1: PL[X] names no colour (B or W)"},
		{"(;GM[11]SZ[3];B[a1];W[resign];B[b2])", "sgf: node 4: a move after W's resign"},
		{"(;GM[11]SZ[3];B[a1];AB[b2])", "sgf: node 3: setup (AB) after the first node is not supported"},
		{"(;GM[11]SZ[3]AE[a1])", "sgf: node 1: AE (removing stones) is not supported"},
		{"(;GM[11]SZ[3]AB[a1]B[b2])", "sgf: node 1 mixes setup (AB) and a move (B)"},
		{"(;GM[11]SZ[3]AB[a1][a1])", "sgf: node 1: two setup stones on a1"},
		{"(;GM[11]SZ[3]AB[a1]AW[a1])", "sgf: node 1: two setup stones on a1"},
		{"(;GM[11]SZ[3]AB[d1])", "sgf: node 1: AB[d1] is not a cell of the 3x3 board"},
		{"(;GM[11]SZ[3]AB[swap])", "sgf: node 1: AB[swap] is not a cell of the 3x3 board"},
		{"(;GM[11]SZ[3]AB[a1][b1])", "sgf: the setup stones (AB, AW, PL) are no position of the game"},
		{"(;GM[11]SZ[3]AB[a1]PL[B])", "sgf: the setup stones (AB, AW, PL) are no position of the game"},
		{"(;GM[11]SZ[3]AB[a1];B[b2])", "sgf: node 2: B moves, but W is to move (the setup has more Black stones than White)"},
	} {
		_, err := toRecordErr(t, tc.sgf)
		if assert.Error(t, err, tc.sgf) {
			assert.Contains(t, err.Error(), tc.want, tc.sgf)
			assert.NotContains(t, err.Error(), "\x1b", tc.sgf)
		}
	}
}

func TestToRecordTurnsSetupIntoAPositionTag(t *testing.T) {
	rec, err := toRecordErr(t, "(;GM[11]SZ[3]AB[b2]AW[a1];B[c3];W[a3])")
	require.NoError(t, err)
	pos, _ := rec.Tag("Position")
	assert.Equal(t, "W2/1B1/3 b -", pos)
	assert.Equal(t, []string{"c3", "a3"}, rec.Moves)
	_, err = rec.Replay()
	require.NoError(t, err)

	rec, err = toRecordErr(t, "(;GM[11]SZ[3]AB[b2];W[swap-pieces];B[a1])")
	require.NoError(t, err)
	pos, _ = rec.Tag("Position")
	game, _ := rec.Tag("Game")
	assert.Equal(t, "hex(size=3,swap=pieces)", game)
	assert.Equal(t, "hex(size=3,swap=pieces) 3/1B1/3 w -", pos)
	_, err = rec.Replay()
	require.NoError(t, err, "one setup stone, then the swap")

	// The setup round-trips through FromRecord.
	tree, err := FromRecord(rec)
	require.NoError(t, err)
	back, err := ToRecord(mustTree(t, tree.String()))
	require.NoError(t, err)
	assert.Equal(t, rec.Moves, back.Moves)
	backPos, _ := back.Tag("Position")
	assert.Equal(t, pos, backPos)
	assert.Contains(t, tree.String(), "AB[b2]PL[W]")
}

func TestFromRecordRefusesAStartAfterTheSwapAndKeepsAResignation(t *testing.T) {
	rec, err := notation.ParseRecord("[Game \"hex(size=3)\"]\n[Position \"3/1B1/3 w sides\"]\n\na1\n")
	require.NoError(t, err)
	_, err = FromRecord(rec)
	assert.ErrorContains(t, err, "a start after the swap cannot be written")

	rec, err = notation.ParseRecord("[Game \"hex(size=3)\"]\n[Result \"0-1\"]\n[Termination \"resignation\"]\n\na1\n")
	require.NoError(t, err)
	tree, err := FromRecord(rec)
	require.NoError(t, err)
	assert.Contains(t, tree.String(), "RE[W+Resign]")
	back, err := ToRecord(mustTree(t, tree.String()))
	require.NoError(t, err)
	result, _ := back.Tag("Result")
	assert.Equal(t, "0-1", result)
}

// TestToRecordNeverPanicsOnAnyTree: trees built by hand, not parsed.
func TestToRecordNeverPanicsOnAnyTree(t *testing.T) {
	cyclic := &Tree{Nodes: []Node{{Props: []Property{{ID: "GM", Values: []string{"11"}}}}}}
	cyclic.Variations = []*Tree{cyclic}
	for _, tc := range []struct {
		name string
		tree *Tree
		want string
	}{
		{"nil", nil, "sgf: no game tree"},
		{"empty", &Tree{}, "sgf: the game tree has no node"},
		{"nil variation", &Tree{Variations: []*Tree{nil}}, "sgf: the game tree has no node"},
		{"no values", &Tree{Nodes: []Node{{Props: []Property{{ID: "B"}}}}}, "sgf: node 1: property B has no value"},
		{"empty root value list", &Tree{Nodes: []Node{{Props: []Property{{ID: "SZ", Values: []string{}}}}}}, "sgf: node 1: property SZ has no value"},
		{"odd id", &Tree{Nodes: []Node{{Props: []Property{{ID: "\x1b"}}}}}, `sgf: node 1: property \x1b has no value`},
		{"cyclic", cyclic, ""},
	} {
		var err error
		require.NotPanics(t, func() { _, err = ToRecord(tc.tree) }, tc.name)
		if tc.want == "" {
			assert.NoError(t, err, tc.name)
			continue
		}
		assert.EqualError(t, err, tc.want, tc.name)
	}
	assert.NotPanics(t, func() { _ = cyclic.MainLine() })
}

// FuzzToRecord parses SGF, converts every tree and replays the record:
// nothing panics, a converted record reads back as text, and a record
// that replays is written back by FromRecord and converted again to the
// same plies.
func FuzzToRecord(f *testing.F) {
	for _, s := range []string{
		"(;GM[11]SZ[3];B[a1];W[b2])",
		"(;AP[HexGui:0.9.GIT]FF[4]GM[11]SZ[3];B[a1];W[swap-pieces];W[b2];B[b1];W[a2];B[c1];W[c2])",
		"(;GM[11]SZ[3]AB[b2]AW[a1];B[c3];W[a3])",
		"(;GM[11]SZ[3]AB[b2];W[swap-pieces];B[a1])",
		"(;GM[11]SZ[3:4]RE[W+Resign];B[a1];W[b2];B[resign])",
		"(;GM[11]SZ[3];B[a1][b2])",
		"(;GM[11]SZ[3];B[a1];B[b1])",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		for tree, err := range TreesFrom(strings.NewReader(in)) {
			if err != nil {
				continue
			}
			rec, err := ToRecord(tree)
			if err != nil {
				continue
			}
			if len(rec.Moves) > 0 {
				if _, err := notation.ParseRecord(rec.String()); err != nil {
					// A move token a record cannot hold (white space
					// inside, say) never replays either.
					if _, rerr := rec.Replay(); rerr == nil {
						t.Fatalf("record %q does not read back but replays: %v", rec.String(), err)
					}
				}
			}
			r, err := rec.Replay()
			if err != nil {
				continue
			}
			back, err := FromRecord(rec)
			if err != nil {
				t.Fatalf("a record that replays is not written back: %v\n%s", err, rec.String())
			}
			again, err := ToRecord(mustTree(t, back.String()))
			if err != nil {
				t.Fatalf("written back %q, not read: %v", back.String(), err)
			}
			r2, err := again.Replay()
			if err != nil || !slicesEqual(r.Moves, r2.Moves) {
				t.Fatalf("plies %v read back as %v (%v)", r.Moves, r2.Moves, err)
			}
		}
	})
}

func slicesEqual(a, b []string) bool {
	return bytes.Equal([]byte(strings.Join(a, " ")), []byte(strings.Join(b, " ")))
}
