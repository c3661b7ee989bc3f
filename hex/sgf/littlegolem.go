package sgf

import (
	"bufio"
	"bytes"
	"fmt"
	"github.com/tabletop-go/rules/internal/nilio"
	"io"
	"iter"
	"strconv"
	"strings"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/hex"
	"github.com/tabletop-go/rules/notation"
)

// ParseLittleGolem converts one game of Little Golem's Hex export (one
// game per line) to a record. The export is not quite SGF:
//
//   - coordinates are two lower-case letters, column then row, both from
//     0: "fc" is f3;
//   - node letters are inverted: nodes alternate W, B, W, ... from W, and
//     a W node is a move of PB, the first player (Black, top to bottom);
//   - "swap" (always the second node) is swap-pieces: the first stone
//     moves to the transposed cell and becomes PW's, and PB moves next;
//   - RE[B] means PB (seat 0) won, RE[W] that PW won; "resign" ends the
//     moves;
//   - property values are not escaped (a name may hold "]"), so the
//     header ends at the first ";W[" or ";B[".
//
// The record's tags are Game, Black (PB), White (PW), Event (EV), Site,
// LGGame (the game number), Result and, for a resignation, Termination.
func ParseLittleGolem(line string) (notation.Record, error) {
	fail := func(at int, msg string) (notation.Record, error) {
		return notation.Record{}, &rules.SyntaxError{What: "little golem game", Input: line, Offset: at, Msg: msg}
	}
	s := strings.TrimRight(line, " \t\r\n")
	if !strings.HasPrefix(s, "(;") || !strings.HasSuffix(s, ")") {
		return fail(0, "a game is one line: (;header;W[..];B[..]...)")
	}
	body := s[:len(s)-1]
	end := len(body) // the header runs from after "(;" to the first move node
	if i := strings.Index(body[2:], ";W["); i >= 0 {
		end = i + 2
	}
	if i := strings.Index(body[2:], ";B["); i >= 0 && i+2 < end {
		end = i + 2
	}
	header, err := parseHeader(body[2:end])
	if err != nil {
		return fail(2, err.Error())
	}
	sz, ok := header["SZ"]
	if !ok {
		return fail(2, "no board size SZ")
	}
	size, ok := notation.ParseNatural(sz)
	if !ok || size < 1 || size > hex.MaxSize {
		return fail(2, "bad board size SZ["+escaped(sz)+"] (1 to "+strconv.Itoa(hex.MaxSize)+")")
	}
	var rec notation.Record
	rec.SetTag("Game", hex.Config{Cols: size, Rows: size, Swap: hex.SwapPieces}.String())
	for id, tag := range map[string]string{"PB": "Black", "PW": "White", "EV": "Event"} {
		if v, ok := header[id]; ok {
			rec.SetTag(tag, v)
		}
	}
	rec.SetTag("Site", "littlegolem.net")
	if gc, ok := header["GC"]; ok {
		rec.SetTag("LGGame", strings.TrimPrefix(strings.TrimSpace(gc), "game #"))
	}
	resigned := false
	for at := end; at < len(body); {
		if resigned {
			return fail(at, "a move after a resignation")
		}
		if !strings.HasPrefix(body[at:], ";W[") && !strings.HasPrefix(body[at:], ";B[") {
			return fail(at, "expected a node ;W[..] or ;B[..]")
		}
		want := "WB"[len(rec.Moves)%2]
		if body[at+1] != want {
			return fail(at+1, "nodes alternate W, B, W, ... from W")
		}
		close := strings.IndexByte(body[at+3:], ']')
		if close < 0 {
			return fail(at, "node not closed")
		}
		v := body[at+3 : at+3+close]
		switch {
		case v == "resign":
			resigned = true
		case v == "swap":
			if len(rec.Moves) != 1 {
				return fail(at+3, "the swap is only the second move")
			}
			rec.Moves = append(rec.Moves, "swap")
		case len(v) == 2 && v[0] >= 'a' && v[0] <= 'z' && v[1] >= 'a' && v[1] <= 'z':
			rec.Moves = append(rec.Moves, hex.Place(hex.NewSquare(int(v[0]-'a'), int(v[1]-'a'))).String())
		default:
			return fail(at+3, "a move is two letters (column, row from a), swap or resign, not \""+escaped(v)+"\"")
		}
		at += 3 + close + 1
	}
	switch header["RE"] { // no Result tag when the export has none
	case "B":
		rec.SetTag("Result", "1-0")
	case "W":
		rec.SetTag("Result", "0-1")
	}
	if resigned {
		rec.SetTag("Termination", "resignation")
	}
	return rec, nil
}

// parseHeader reads Little Golem's unescaped header properties: a value
// runs to the first "]" that is followed by the next property or the end.
func parseHeader(h string) (map[string]string, error) {
	props := map[string]string{}
	for i := 0; i < len(h); {
		j := i
		for j < len(h) && h[j] >= 'A' && h[j] <= 'Z' {
			j++
		}
		if j == i || j >= len(h) || h[j] != '[' {
			return nil, fmt.Errorf("expected a property at %q", h[i:min(len(h), i+20)])
		}
		id := h[i:j]
		if _, dup := props[id]; dup {
			return nil, fmt.Errorf("property %s appears twice", escaped(id))
		}
		start := j + 1
		k := start
		for {
			close := strings.IndexByte(h[k:], ']')
			if close < 0 {
				return nil, fmt.Errorf("property %s not closed", escaped(id))
			}
			k += close
			if k+1 == len(h) || startsProperty(h[k+1:]) {
				break
			}
			k++
		}
		props[id] = h[start:k]
		i = k + 1
	}
	return props, nil
}

func startsProperty(s string) bool {
	i := 0
	for i < len(s) && s[i] >= 'A' && s[i] <= 'Z' {
		i++
	}
	return i > 0 && i < len(s) && s[i] == '['
}

// MaxLittleGolemLine is the longest line, its line break included, that
// LittleGolemFrom and LittleGolemRecords read: a game on the largest
// board takes under 5,000 bytes. A longer line is a syntax error.
const MaxLittleGolemLine = 64 << 10

// LittleGolemRecords iterates over the games of a Little Golem export,
// one per non-empty line, as LittleGolemFrom reads them.
func LittleGolemRecords(data []byte) iter.Seq2[notation.Record, error] {
	return LittleGolemFrom(bytes.NewReader(data))
}

// LittleGolemFrom iterates over the games of a Little Golem export read
// from r, one per non-empty line, holding one line (at most
// MaxLittleGolemLine bytes) at a time; a UTF-8 byte order mark at the
// start is skipped. A line that cannot be read yields its
// *rules.SyntaxError, with the line number, and reading goes on with the
// next line. An error reading r is yielded and ends the stream.
func LittleGolemFrom(r io.Reader) iter.Seq2[notation.Record, error] {
	return func(yield func(notation.Record, error) bool) {
		br := bufio.NewReaderSize(nilio.Reader(r, "sgf"), MaxLittleGolemLine)
		skipBOM(br)
		for line := 1; ; line++ {
			l, err := br.ReadSlice('\n')
			var rec notation.Record
			var perr error
			switch {
			case err == bufio.ErrBufferFull:
				shown := string(l[:40])
				for err == bufio.ErrBufferFull {
					_, err = br.ReadSlice('\n')
				}
				perr = &rules.SyntaxError{What: "little golem game", Input: shown, Line: line,
					Msg: "the line is longer than " + strconv.Itoa(MaxLittleGolemLine) + " bytes"}
			case len(bytes.TrimSpace(l)) == 0:
			default:
				rec, perr = ParseLittleGolem(string(bytes.TrimRight(l, "\r\n")))
				if se, ok := perr.(*rules.SyntaxError); ok {
					se.Line = line
				}
				rec.Line = line
			}
			if perr != nil || rec.Line != 0 {
				if !yield(rec, perr) {
					return
				}
			}
			if err != nil {
				if err != io.EOF {
					yield(notation.Record{}, err)
				}
				return
			}
		}
	}
}
