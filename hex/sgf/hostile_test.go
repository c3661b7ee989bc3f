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
	"github.com/tabletop-go/rules/internal/testkit"
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
		got = treesFrom(t, &testkit.Repeated{Head: "(;GM[11]SZ[19]", Body: ";B[a1]" + comment + ";W[b2]" + comment, N: (50 << 20) / 2018 * 2018, Tail: ")\n(;GM[11]SZ[2];B[a1])"})
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
// nothing panics, ToRecord's errors match rules.ErrBadRecord, a converted
// record holds only cells of its board and swaps and reads back as text,
// and a record that replays is written back by FromRecord and converted
// again to the same plies and the same Game tag (its pie rule).
func FuzzToRecord(f *testing.F) {
	for _, s := range []string{
		"(;GM[11]SZ[3];B[a1];W[b2])",
		"(;AP[HexGui:0.9.GIT]FF[4]GM[11]SZ[3];B[a1];W[swap-pieces];W[b2];B[b1];W[a2];B[c1];W[c2])",
		"(;GM[11]SZ[3]AB[b2]AW[a1];B[c3];W[a3])",
		"(;GM[11]SZ[3]AB[b2];W[swap-pieces];B[a1])",
		"(;GM[11]SZ[3:4]RE[W+Resign];B[a1];W[b2];B[resign])",
		"(;GM[11]SZ[3];B[a1][b2])",
		"(;GM[11]SZ[3];B[a1];B[b1])",
		"(;GM[11]SZ[3]RU[swap=none];B[a1];W[b2])",
		"(;GM[11]SZ[3]HA[N/S];B[aa];W[B2])",
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
				if !errors.Is(err, rules.ErrBadRecord) {
					t.Fatalf("ToRecord's error %v does not match rules.ErrBadRecord", err)
				}
				continue
			}
			checkCells(t, rec)
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
			game, _ := rec.Tag("Game")
			if back, _ := again.Tag("Game"); back != game {
				t.Fatalf("Game %q read back as %q: the pie rule is lost", game, back)
			}
		}
	})
}

func slicesEqual(a, b []string) bool {
	return bytes.Equal([]byte(strings.Join(a, " ")), []byte(strings.Join(b, " ")))
}

// TestTreeStringNeverPanicsAndMarshalTextRefusesWhatWouldNotReadBack:
// trees built by hand. String writes what it can, and what it writes for
// a non-nil tree parses; MarshalText refuses what would not read back.
func TestTreeStringNeverPanicsAndMarshalTextRefusesWhatWouldNotReadBack(t *testing.T) {
	prop := func(id string, values ...string) Property { return Property{ID: id, Values: values} }
	node := func(props ...Property) Node { return Node{Props: props} }
	cyclic := &Tree{Nodes: []Node{node(prop("GM", "11"))}}
	cyclic.Variations = []*Tree{cyclic}
	// 2^60 paths through 60 shared trees: String stops at MaxTreeNodes.
	shared := &Tree{Nodes: []Node{node(prop("C", "leaf"))}}
	for range 60 {
		shared = &Tree{Nodes: []Node{node(prop("C", "x"))}, Variations: []*Tree{shared, shared}}
	}
	for _, tc := range []struct {
		name    string
		tree    *Tree
		str     string // String's output, if not empty
		marshal string // MarshalText's error
	}{
		{"nil variation", &Tree{Nodes: []Node{node(prop("GM", "11"))}, Variations: []*Tree{nil}}, "(;GM[11])\n", "sgf: a variation after node 1 is nil"},
		{"nil variation among others", &Tree{Nodes: []Node{node(prop("GM", "11"))}, Variations: []*Tree{nil, {Nodes: []Node{node(prop("B", "a1"))}}}},
			"(;GM[11]\n(;B[a1]))\n", "sgf: a variation after node 1 is nil"},
		{"no nodes", &Tree{}, "(;)\n", "sgf: the game tree has no node"},
		{"a variation without nodes", &Tree{Nodes: []Node{node()}, Variations: []*Tree{{}}}, "(;\n(;))\n", "sgf: a variation after node 1 has no node"},
		{"empty and odd ids", &Tree{Nodes: []Node{node(prop("", "x"), prop("Ca]b", "1"))}}, "(;)\n", `sgf: node 1: property identifier "" is not upper-case letters`},
		{"odd id", &Tree{Nodes: []Node{node(prop("GM", "11")), node(prop("Ca]b", "1"), prop("B", "a1"))}}, "(;GM[11]\n;B[a1])\n", `sgf: node 2: property identifier "Ca]b" is not upper-case letters`},
		{"lower-case id", &Tree{Nodes: []Node{node(prop("gm", "11"), prop("SZ", "3"))}}, "(;SZ[3])\n", `sgf: node 1: property identifier "gm" is not upper-case letters`},
		{"control bytes in the id", &Tree{Nodes: []Node{node(prop("\x1b[2J", "11"))}}, "(;)\n", `sgf: node 1: property identifier "\x1b[2J" is not upper-case letters`},
		{"no values", &Tree{Nodes: []Node{node(prop("B"), prop("C", "x"))}}, "(;C[x])\n", "sgf: node 1: property B has no value"},
		{"cyclic", cyclic, "", "sgf: variations nested more than 1000 deep"},
		{"shared", shared, "", "sgf: the game tree holds more than 65536 nodes"},
		{"too long", &Tree{Nodes: []Node{node(prop("C", strings.Repeat("x", MaxTreeBytes)))}}, "", "sgf: the game tree is longer than 1048576 bytes"},
	} {
		var s string
		require.NotPanics(t, func() { s = tc.tree.String() }, tc.name)
		if tc.str != "" {
			assert.Equal(t, tc.str, s, tc.name)
		}
		if tc.name != "too long" {
			_, err := Parse(s)
			assert.NoError(t, err, "%s: String writes SGF that parses", tc.name)
		}
		assert.NotContains(t, s, "\x1b", tc.name)
		text, err := tc.tree.MarshalText()
		assert.EqualError(t, err, tc.marshal, tc.name)
		assert.Nil(t, text, tc.name)
	}

	var nilTree *Tree
	assert.NotPanics(t, func() { assert.Equal(t, "", nilTree.String(), "a nil tree writes nothing") })
	_, err := nilTree.MarshalText()
	assert.EqualError(t, err, "sgf: no game tree")
}

func TestMarshalTextWritesWhatParseReadsBack(t *testing.T) {
	tree := &Tree{
		Nodes: []Node{
			{Props: []Property{{ID: "GM", Values: []string{"11"}}, {ID: "C", Values: []string{"a ] bracket, a \\ backslash,\\\na line"}}, {ID: "AB", Values: []string{"a1", "b2"}}, {ID: "E", Values: []string{""}}}},
			{Props: []Property{{ID: "W", Values: []string{"c3"}}}},
		},
		Variations: []*Tree{{Nodes: []Node{{Props: []Property{{ID: "B", Values: []string{"a3"}}}}}}, {Nodes: []Node{{}}}},
	}
	text, err := tree.MarshalText()
	require.NoError(t, err)
	assert.Equal(t, tree.String(), string(text))
	trees, err := Parse(string(text))
	require.NoError(t, err)
	assert.Equal(t, []*Tree{tree}, trees)
	var back Tree
	require.NoError(t, back.UnmarshalText(text))
	assert.Equal(t, tree, &back)
	assert.EqualError(t, back.UnmarshalText([]byte("(;B[a1])(;B[a2])")), "sgf: the text holds 2 game trees, want one")
	assert.ErrorIs(t, back.UnmarshalText([]byte("")), rules.ErrSyntax)

	// The byte limit, exactly: "(;C[" and "])" around the comment.
	long := &Tree{Nodes: []Node{{Props: []Property{{ID: "C", Values: []string{strings.Repeat("x", MaxTreeBytes-6)}}}}}}
	text, err = long.MarshalText()
	require.NoError(t, err)
	assert.Len(t, text, MaxTreeBytes+1, "the tree and a line break")
	_, err = Parse(string(text))
	require.NoError(t, err, "a tree of MaxTreeBytes reads back")
	long.Nodes[0].Props[0].Values[0] += "x"
	_, err = long.MarshalText()
	assert.EqualError(t, err, "sgf: the game tree is longer than 1048576 bytes")
	_, err = Parse(long.String())
	assert.ErrorContains(t, err, "the game tree is longer than 1048576 bytes", "Parse refuses what MarshalText refuses")

	// Nesting, exactly.
	deep := &Tree{Nodes: []Node{{}}}
	for range MaxTreeDepth {
		deep = &Tree{Nodes: []Node{{}}, Variations: []*Tree{deep}}
	}
	text, err = deep.MarshalText()
	require.NoError(t, err)
	_, err = Parse(string(text))
	require.NoError(t, err)
	deep = &Tree{Nodes: []Node{{}}, Variations: []*Tree{deep}}
	_, err = deep.MarshalText()
	assert.EqualError(t, err, "sgf: variations nested more than 1000 deep")
}

func TestParseRefusesLowerCasePropertyIdentifiers(t *testing.T) {
	for _, tc := range []struct {
		in     string
		offset int
		id     string
	}{
		{"(;gm[11]sz[3];b[a1])", 2, "gm"},
		{"(;GM[11]SZ[3];b[a1])", 14, "b"},
		{"(;GaMe[11])", 2, "GaMe"},
		{"(;GM[11]\n;B[a1]Cx[y])", 15, "Cx"},
	} {
		_, err := Parse(tc.in)
		var se *rules.SyntaxError
		require.ErrorAs(t, err, &se, tc.in)
		assert.Equal(t, tc.offset, se.Offset, tc.in)
		assert.Equal(t, `property identifier "`+tc.id+`" holds lower-case letters: SGF identifiers are upper-case letters (FF[4]), e.g. GM, not gm or GaMe`, se.Msg, tc.in)
		got := treesFrom(t, strings.NewReader(tc.in+"\n(;GM[11]SZ[3];B[a1])"))
		require.Len(t, got, 2, tc.in)
		assert.Contains(t, got[0], "holds lower-case letters", "TreesFrom too")
		assert.Equal(t, "a1", got[1])
	}
	// A tree built by hand with a lower-case identifier is refused too.
	_, err := ToRecord(&Tree{Nodes: []Node{{Props: []Property{{ID: "GM", Values: []string{"11"}}}}, {Props: []Property{{ID: "b", Values: []string{"a1"}}}}}})
	assert.EqualError(t, err, `sgf: node 2: property identifier "b" is not upper-case letters`)
}

func TestToRecordRefusesAResultThatIsNoHexResult(t *testing.T) {
	for _, tc := range []struct{ sgf, want string }{
		{"(;GM[11]SZ[3]RE[Draw];B[a1])", "sgf: node 1: RE[Draw] is a draw, and Hex has no draws"},
		{"(;GM[11]SZ[3]RE[0];B[a1])", "sgf: node 1: RE[0] is a draw, and Hex has no draws"},
		{"(;GM[11]SZ[3]RE[garbage];B[a1])", "sgf: node 1: RE[garbage] is no Hex result (B+ or W+, then nothing, R, Resign, T, Time, F or Forfeit; ? or Void for none)"},
		{"(;GM[11]SZ[3]RE[b+];B[a1])", "sgf: node 1: RE[b+] is no Hex result"},
		{"(;GM[11]SZ[3]RE[B];B[a1])", "sgf: node 1: RE[B] is no Hex result"},
		{"(;GM[11]SZ[3]RE[\x1b[2J];B[a1])", `sgf: node 1: RE[\x1b[2J] is no Hex result`},
		{"(;GM[11]SZ[3]RE[B+3.5];B[a1])", "sgf: node 1: RE[B+3.5]: after B+ come nothing, R, Resign, T, Time, F or Forfeit (Hex has no score)"},
		{"(;GM[11]SZ[3]RE[W+Rubbish];B[a1])", "sgf: node 1: RE[W+Rubbish]: after W+ come nothing"},
		// The resignation decides: RE may not name the player who resigned.
		{"(;GM[11]SZ[3]RE[W+];B[a1];W[resign])", "sgf: node 1: RE[W+] names PW the winner, but PW resigned (node 3, W[resign])"},
		{"(;GM[11]SZ[3]RE[B+];B[resign])", "sgf: node 1: RE[B+] names PB the winner, but PB resigned (node 2, B[resign])"},
		{"(;GM[11]SZ[3]RE[B+Resign];B[a1];W[b2];B[forfeit])", "sgf: node 1: RE[B+Resign] names PB the winner, but PB forfeited (node 4, B[forfeit])"},
		// After swap-sides, the Black stones are PW's.
		{"(;GM[11]SZ[5]RE[W+];B[c3];W[swap-sides];W[b2];B[resign])", "sgf: node 1: RE[W+] names PW the winner, but PW resigned (node 5, B[resign])"},
		// A connection decides too.
		{"(;GM[11]SZ[1]RE[W+];B[a1])", "sgf: node 1: RE[W+] names PW the winner, but PB connected"},
		{"(;GM[11]SZ[1];B[a1];B[resign])", "sgf: node 3: PB resigned after connecting"},
	} {
		_, err := toRecordErr(t, tc.sgf)
		if assert.Error(t, err, tc.sgf) {
			assert.Contains(t, err.Error(), tc.want, tc.sgf)
			assert.NotContains(t, err.Error(), "\x1b", tc.sgf)
		}
	}
	for _, tc := range []struct{ sgf, result, termination string }{
		{"(;GM[11]SZ[3]RE[?];B[a1])", "", ""},
		{"(;GM[11]SZ[3]RE[];B[a1])", "", ""},
		{"(;GM[11]SZ[3]RE[ Void ];B[a1])", "", ""},
		{"(;GM[11]SZ[3]RE[B+];B[a1])", "1-0", ""},
		{"(;GM[11]SZ[3]RE[W+R];B[a1])", "0-1", "resignation"},
		{"(;GM[11]SZ[3]RE[W+time];B[a1])", "0-1", "time"},
		{"(;GM[11]SZ[3]RE[B+F];B[a1])", "1-0", "forfeit"},
		{"(;GM[11]SZ[3];B[a1];W[resign])", "1-0", "resignation"},
		{"(;GM[11]SZ[3]RE[B+];B[a1];W[resign])", "1-0", "resignation"},
		{"(;GM[11]SZ[3]RE[B+Time];B[a1];W[resign])", "1-0", "resignation"},
		{"(;GM[11]SZ[5]RE[B+];B[c3];W[swap-sides];W[b2];B[resign])", "1-0", "resignation"},
		{"(;GM[11]SZ[1]RE[B+];B[a1])", "1-0", ""},
		{"(;GM[11]SZ[1];B[a1];W[resign])", "1-0", "resignation"},
	} {
		rec, err := toRecordErr(t, tc.sgf)
		require.NoError(t, err, tc.sgf)
		result, _ := rec.Tag("Result")
		termination, _ := rec.Tag("Termination")
		assert.Equal(t, tc.result, result, tc.sgf)
		assert.Equal(t, tc.termination, termination, tc.sgf)
	}
}
