package cli

import (
	"bytes"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
)

// validateReader runs validate on a reader.
func validateReader(args []string, in *strings.Reader, oneByte bool) (int, string, string) {
	var out, errOut bytes.Buffer
	var r interface{ Read([]byte) (int, error) } = in
	if oneByte {
		r = iotest.OneByteReader(in)
	}
	code := Validate(args, r, &out, &errOut)
	return code, out.String(), errOut.String()
}

// TestValidateDetectsTheFormatOnTheFirstTreeOnly: auto-detection looks at
// the root node of the first game tree and the first line, read a byte at
// a time as well as at once, and never at a GM[11] further on.
func TestValidateDetectsTheFormatOnTheFirstTreeOnly(t *testing.T) {
	lg := "(;FF[4]PB[ann]PW[bob]SZ[3];W[aa];B[swap];W[bb])\n"
	lgGM := "(;FF[4]PB[GM[11]]PW[bob]SZ[3];W[cc];B[aa])\n"
	for _, tc := range []struct{ name, in, out string }{
		{"Little Golem with GM[11] in a name further on", lg + lgGM + lg, "ok 3 *\nok 2 *\nok 3 *\n"},
		{"Little Golem with GM[11] in the first name", lgGM + lg, "ok 2 *\nok 3 *\n"},
		{"Little Golem, a game without moves first", "(;FF[4]SZ[3]SO[http://www.littlegolem.com])\n" + lg, "ok 0 *\nok 3 *\n"},
		{"SGF with GM on the root's second line", "(;FF[4]\nGM[11]SZ[3]\n;B[a1];W[swap-pieces];W[b2])\n", "ok 3 *\n"},
		{"SGF without GM, HexGui style", "(\n;B[c1]\n;W[a1]\n;B[b2])\n", "ok 3 *\n"},
		{"SGF without GM on one line", "(;SZ[3];B[c1];W[a1])\n", "ok 2 *\n"},
		{"SGF whose root is longer than the 64 KiB looked at", "(;C[" + strings.Repeat("c", 70<<10) + "]GM[11]SZ[3];B[a1])\n", "ok 1 *\n"},
		{"records starting with a comment that holds SGF", "# (;GM[11];B[a1])\n[Game \"hex(size=3)\"]\na1\n", "ok 1 *\n"},
		{"records after blank lines", "\n\n\n[Game \"hex(size=3)\"]\na1\n", "ok 1 *\n"},
	} {
		for _, oneByte := range []bool{false, true} {
			code, out, errOut := validateReader(nil, strings.NewReader(tc.in), oneByte)
			assert.Equal(t, 0, code, "%s: %s %s", tc.name, out, errOut)
			assert.Equal(t, tc.out, out, tc.name)
		}
	}
}

// TestValidateSkipsAUTF8BOM in every format: no invalid record, no
// spurious line.
func TestValidateSkipsAUTF8BOM(t *testing.T) {
	for _, tc := range []struct{ in, format string }{
		{bom + "[Game \"hex(size=3)\"]\na1\n", "auto"},
		{bom + "[Game \"hex(size=3)\"]\na1\n", "records"},
		{bom + "(;GM[11]SZ[3];B[a1])\n", "auto"},
		{bom + "(;GM[11]SZ[3];B[a1])\n", "sgf"},
		{bom + "(;FF[4]SZ[3];W[aa])\n", "auto"},
		{bom + "(;FF[4]SZ[3];W[aa])\n", "lg"},
	} {
		code, out, _ := validateReader([]string{"-format", tc.format}, strings.NewReader(tc.in), false)
		assert.Equal(t, 0, code, "%q %s", tc.in, tc.format)
		assert.Equal(t, "ok 1 *\n", out, "%q %s", tc.in, tc.format)
	}
}

// TestValidateNumbersSGFErrorsByGameTree: conversion and syntax errors
// give the game tree's number, as the doc says.
func TestValidateNumbersSGFErrorsByGameTree(t *testing.T) {
	in := "(;GM[11]SZ[3];B[a1])\n(;GM[11]SZ[3];B[a1];B[b1])\n(;GM[11]SZ[3];B[a1]W[b2])\n(;GM[1];B[pd])\n(;GM[11]\n1)\n(;GM[11];B[a1)\n"
	code, out, _ := validateReader(nil, strings.NewReader(in), false)
	assert.Equal(t, 1, code)
	assert.Equal(t, "ok 1 *\n"+
		"invalid 2: sgf: node 3: B moves, but W is to move (the colours alternate)\n"+
		"invalid 3: sgf: node 2 holds two moves, B and W (one move per node)\n"+
		"invalid 4: sgf: not a Hex game (GM[11])\n"+
		`invalid 5: sgf line 6 "1)" at offset 0: unexpected "1" (want ";", "(" or ")")`+"\n"+
		`invalid 6: sgf line 7 "(;GM[11];B[a1)" at offset 0: game tree not closed: missing ")"`+"\n", out)
}

// TestValidateRefusesAnSGFMoveThatIsNoCellBeforeReplaying: the game tree
// is invalid (sgf.ToRecord refuses it, naming the node and the property),
// not an illegal ply of a replay, and the next tree is read.
func TestValidateRefusesAnSGFMoveThatIsNoCellBeforeReplaying(t *testing.T) {
	in := "(;GM[11]SZ[3];B[a1];W[aa])\n(;GM[11]SZ[3];B[a1];W[\x1b[2J])\n(;GM[11]SZ[3];B[c3])\n"
	code, out, _ := validateReader(nil, strings.NewReader(in), false)
	assert.Equal(t, 1, code)
	assert.Equal(t, "invalid 1: sgf: node 3: W[aa] is not a cell of the 3x3 board (columns a to c, rows 1 to 3; two letters are how Little Golem writes a cell, and ParseLittleGolem reads its export)\n"+
		`invalid 2: sgf: node 3: W[\x1b[2J] is not a cell of the 3x3 board (columns a to c, rows 1 to 3)`+"\n"+
		"ok 1 *\n", out)
}

// TestValidateKeepsThePieRuleOfAnSGFFile: RU[swap=none] makes a swap an
// invalid tree, where without it the swap would replay.
func TestValidateKeepsThePieRuleOfAnSGFFile(t *testing.T) {
	in := "(;GM[11]SZ[3]RU[swap=none];B[a1];W[swap-pieces];B[b1])\n(;GM[11]SZ[3];B[a1];W[swap-pieces];B[b1])\n"
	code, out, _ := validateReader(nil, strings.NewReader(in), false)
	assert.Equal(t, 1, code)
	assert.Equal(t, "invalid 1: sgf: node 3: W[swap-pieces] swaps, but RU[swap=none] says the game has no pie rule\nok 3 *\n", out)
}

// TestValidateEscapesControlCharactersInMoveTokens: a move token with an
// escape sequence is quoted, escaped, in the illegal line.
func TestValidateEscapesControlCharactersInMoveTokens(t *testing.T) {
	code, out, _ := validateReader(nil, strings.NewReader("[Game \"hex(size=3)\"]\na1 b2 a1\x1b[31mX\n"), false)
	assert.Equal(t, 1, code)
	assert.Equal(t, `illegal 3 "a1\x1b[31mX": syntax error: unexpected "\x1b[31mX" after the cell`+"\n", out)
	code, out, _ = validateReader(nil, strings.NewReader("[Game \"hex(size=3)\"]\na1 a1\n"), false)
	assert.Equal(t, 1, code)
	assert.Equal(t, "illegal 2 a1: cell is occupied\n", out, "a plain token stays as written")
}

func TestPrintableAndToken(t *testing.T) {
	assert.Equal(t, "plain é", printable("plain é"))
	assert.Equal(t, `a\x1b[2Jb\nc\td\u202e\xff`, printable("a\x1b[2Jb\nc\td\u202e\xff"))
	assert.Equal(t, strings.Repeat("x", maxShownBytes)+"...", printable(strings.Repeat("x", 1000)))
	assert.Equal(t, "c3", token("c3"))
	assert.Equal(t, `"c 3"`, token("c 3"))
	assert.Equal(t, `""`, token(""))
	assert.Equal(t, `"`+strings.Repeat("z", maxTokenBytes)+`"...`, token(strings.Repeat("z", 100)))
}

// FuzzValidate feeds any input to validate, in every format: it never
// panics, exits 0 or 1, and writes no raw control character.
func FuzzValidate(f *testing.F) {
	for _, s := range []string{
		"[Game \"hex(size=3)\"]\na1 b2\n",
		"[Game \"hex(size=3)\"]\n[Position \"3/1B1/3 w -\"]\n[Result \"0-1\"]\na1\n",
		"[Game \"focus(players=3)\"]\nc3-c4\n",
		"(;GM[11]SZ[3]AB[b2]AW[a1];B[c3];W[a3])\n",
		"(;FF[4]PB[GM[11]]SZ[3];W[aa];B[swap])\n",
		bom + "(\n;B[c1]\n;W[a1])",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		for _, format := range []string{"auto", "records", "sgf", "lg"} {
			var out, errOut bytes.Buffer
			code := Validate([]string{"-legal", "-format", format}, strings.NewReader(in), &out, &errOut)
			if code != 0 && code != 1 {
				t.Fatalf("%s: exit %d: %s", format, code, errOut.String())
			}
			if r := rawControl(out.String()); r != -1 {
				t.Fatalf("%s: raw %q in %q", format, r, out.String())
			}
		}
	})
}
