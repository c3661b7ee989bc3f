package sgf

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/notation"
)

func TestParseKeepsVariationsAndEscapes(t *testing.T) {
	in := `(;FF[4]GM[11]SZ[5]C[a \] bracket \\ and a soft\
break];B[c3](;W[b2];B[d4])(;W[swap-sides]))`
	trees, err := Parse(in)
	require.NoError(t, err)
	require.Len(t, trees, 1)
	tr := trees[0]
	c, _ := tr.Nodes[0].Get("C")
	assert.Equal(t, `a ] bracket \ and a softbreak`, c)
	require.Len(t, tr.Variations, 2)
	main := tr.MainLine()
	assert.Len(t, main, 4, "root, c3, then the first variation's b2 and d4")
	again, err := Parse(tr.String())
	require.NoError(t, err)
	assert.Equal(t, trees, again, "written back, variations and all")
}

func TestParseErrorsGiveTheOffset(t *testing.T) {
	for _, tc := range []struct {
		in     string
		offset int
		msg    string
	}{
		{"", 0, "no game tree"},
		{"x", 0, "expected \"(\""},
		{"(;B[a1]", 0, "missing \")\""},
		{"(;B[a1)", 3, "missing \"]\""},
		{"(;B)", 3, "no value"},
		{"()", 1, "empty game tree"},
		{"(;B[a1](;W[b2]);B[c3])", 15, "a node after the variations"},
		{"(;B[a1]1)", 7, "unexpected \"1\""},
	} {
		_, err := Parse(tc.in)
		var se *rules.SyntaxError
		require.True(t, errors.As(err, &se), "%q: %v", tc.in, err)
		assert.Equal(t, tc.offset, se.Offset, "%q: %v", tc.in, err)
		assert.Contains(t, se.Msg, tc.msg, tc.in)
	}
}

func record(t *testing.T, sgf string) notation.Record {
	t.Helper()
	trees, err := Parse(sgf)
	require.NoError(t, err)
	rec, err := ToRecord(trees[0])
	require.NoError(t, err)
	return rec
}

func TestSwapTokensAreReadByWhoMovesNext(t *testing.T) {
	// HexGui's old files: swap-pieces, then the same colour again: sides.
	rec := record(t, "(;AP[HexGui:0.9.GIT]FF[4]GM[11]SZ[11];B[a7];W[swap-pieces];W[c9])")
	game, _ := rec.Tag("Game")
	assert.Equal(t, "hex(size=11,swap=sides)", game)
	assert.Equal(t, []string{"a7", "swap", "c9"}, rec.Moves)
	// PlayHex: swap-pieces, then Black: pieces.
	rec = record(t, "(;FF[4]GM[11]SZ[11];B[a2];W[swap-pieces];B[k5])")
	game, _ = rec.Tag("Game")
	assert.Equal(t, "hex(size=11,swap=pieces)", game)
	// Hex-benzene's SWAP, then W: sides.
	rec = record(t, "(;AP[Hex-benzene:0.1]FF[4]GM[11]SZ[11];B[a2];W[SWAP];W[f6])")
	game, _ = rec.Tag("Game")
	assert.Equal(t, "hex(size=11,swap=sides)", game)
	// No next move: HexGui swaps sides; otherwise the token decides.
	rec = record(t, "(;AP[HexGui:1.0.]GM[11];B[a2];W[swap-pieces])")
	game, _ = rec.Tag("Game")
	assert.Equal(t, "hex(size=11,swap=sides)", game)
	rec = record(t, "(;GM[11]SZ[7];B[a2];W[swap-pieces])")
	game, _ = rec.Tag("Game")
	assert.Equal(t, "hex(size=7,swap=pieces)", game)
}

func TestResultsNameThePlayer(t *testing.T) {
	rec := record(t, "(;GM[11]SZ[3:4]PB[first]PW[second]RE[W+Resign];B[a1];W[b2];B[resign])")
	game, _ := rec.Tag("Game")
	assert.Equal(t, "hex(size=3x4,swap=sides)", game)
	for tag, want := range map[string]string{"Result": "0-1", "Termination": "resignation", "Black": "first", "White": "second"} {
		v, _ := rec.Tag(tag)
		assert.Equal(t, want, v, tag)
	}
	// A resign node without RE: after a swap-sides, the W node is seat 0.
	rec = record(t, "(;GM[11]SZ[5];B[c3];W[swap-sides];W[b2];B[resign])")
	result, _ := rec.Tag("Result")
	assert.Equal(t, "1-0", result, "Black, now seat 1, resigned")
	_, err := ToRecord(mustTree(t, "(;GM[1]SZ[19];B[pd])"))
	assert.ErrorIs(t, err, ErrNotHex)
	_, err = ToRecord(mustTree(t, "(;GM[11];B[a1];W[pass])"))
	assert.ErrorContains(t, err, "pass")
	_, err = ToRecord(mustTree(t, "(;GM[11]SZ[99];B[a1])"))
	assert.ErrorContains(t, err, "board size")
}

func mustTree(t *testing.T, s string) *Tree {
	t.Helper()
	trees, err := Parse(s)
	require.NoError(t, err)
	return trees[0]
}

func TestRecordToSGFAndBack(t *testing.T) {
	for _, text := range []string{
		"[Game \"hex(size=5,swap=sides)\"]\n[Black \"ann\"]\n[White \"bob\"]\n\nc3 swap b2 a1 b1 a2 b3 a3 b4 a4 b5\n",
		"[Game \"hex(size=5,swap=pieces)\"]\n\nc3 swap b2 a1\n",
		"[Game \"hex(size=4x3,swap=none)\"]\n\na1 b2\n",
	} {
		rec, err := notation.ParseRecord(text)
		require.NoError(t, err)
		tree, err := FromRecord(rec)
		require.NoError(t, err)
		back, err := ToRecord(mustTree(t, tree.String()))
		require.NoError(t, err)
		assert.Equal(t, rec.Moves, back.Moves, tree.String())
		g1, _ := rec.Tag("Game")
		g2, _ := back.Tag("Game")
		assert.Equal(t, g1, g2, "the pie rule reads back (RU): %s", tree.String())
	}
	rec, _ := notation.ParseRecord("[Game \"hex(size=3)\"]\n\na1 a1\n")
	_, err := FromRecord(rec)
	assert.ErrorContains(t, err, "ply 2")
}

func TestParseLittleGolem(t *testing.T) {
	rec, err := ParseLittleGolem("(;FF[4]EV[hex.in.HEX11.168]PB[Giupiter]PW[Shumacher;]]SZ[11]RE[W]GC[ game #2111877]SO[http://www.littlegolem.com];W[kh];B[swap];W[fd];B[resign])")
	require.NoError(t, err)
	assert.Equal(t, []string{"k8", "swap", "f4"}, rec.Moves)
	for tag, want := range map[string]string{"Game": "hex(size=11,swap=pieces)", "White": "Shumacher;]", "Result": "0-1", "LGGame": "2111877", "Termination": "resignation"} {
		v, _ := rec.Tag(tag)
		assert.Equal(t, want, v, tag)
	}
	for _, bad := range []string{"", "(;SZ[11];W[kh]", "(;SZ[x];W[kh])", "(;SZ[11];B[kh])", "(;SZ[11];W[k])", "(;SZ[11];W[kh];B[kk];W[swap])", "(;SZ[11];W[resign];B[aa])"} {
		_, err := ParseLittleGolem(bad)
		assert.ErrorIs(t, err, rules.ErrSyntax, bad)
	}
	n := 0
	for rec, err := range LittleGolemRecords([]byte("(;SZ[3];W[aa])\n\n(;SZ[3];X)\n")) {
		n++
		if n == 1 {
			assert.NoError(t, err)
			assert.Equal(t, 1, rec.Line)
		} else {
			var se *rules.SyntaxError
			require.True(t, errors.As(err, &se))
			assert.Equal(t, 3, se.Line)
		}
	}
	assert.Equal(t, 2, n)
}

func FuzzParse(f *testing.F) {
	f.Add("(;FF[4]GM[11]SZ[5];B[c3](;W[b2])(;W[swap-sides]))")
	f.Add("(;C[\\]\\\\];B[a1])")
	f.Add("((;))")
	f.Fuzz(func(t *testing.T, in string) {
		trees, err := Parse(in)
		if err != nil {
			return
		}
		var b strings.Builder
		for _, tr := range trees {
			b.WriteString(tr.String())
			text, err := tr.MarshalText()
			if err != nil || string(text) != tr.String() {
				t.Fatalf("a parsed tree is not marshalled as String writes it: %v", err)
			}
			_, _ = ToRecord(tr)
		}
		streamed := 0
		for tr, err := range TreesFrom(strings.NewReader(in)) {
			if err != nil || streamed >= len(trees) || tr.String() != trees[streamed].String() {
				t.Fatalf("TreesFrom disagrees with Parse at tree %d: %v", streamed+1, err)
			}
			streamed++
		}
		if streamed != len(trees) {
			t.Fatalf("TreesFrom read %d trees, Parse %d", streamed, len(trees))
		}
		again, err := Parse(b.String())
		if err != nil || len(again) != len(trees) {
			t.Fatalf("%q written as %q does not read back: %v", in, b.String(), err)
		}
		for i := range trees {
			if again[i].String() != trees[i].String() {
				t.Fatalf("unstable: %q", trees[i].String())
			}
		}
	})
}

func FuzzParseLittleGolem(f *testing.F) {
	f.Add("(;FF[4]EV[hex.in.DEFAULT.196]PB[Giupiter]PW[HappyHippo]SZ[13]GC[ game #2112360]SO[http://www.littlegolem.com];W[ma];B[swap];W[bk];B[ij])")
	f.Add("(;PW[a;]]SZ[3];W[aa];B[resign])")
	f.Fuzz(func(t *testing.T, line string) {
		rec, err := ParseLittleGolem(line)
		if err != nil {
			return
		}
		if _, ok := rec.Tag("Game"); !ok {
			t.Fatal("no Game tag")
		}
		if _, err := notation.ParseRecord(rec.String()); err != nil && len(rec.Moves) > 0 {
			t.Fatalf("record %q does not read back: %v", rec.String(), err)
		}
	})
}
