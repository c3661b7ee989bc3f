package rules

import (
	"bytes"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// Stored is the JSON form of a Dynamic: the game spec and the position
// text, which OpenPosition reads back.
type Stored struct {
	Spec     string `json:"spec"`
	Position string `json:"position"`
}

// maxKeyShown bounds the bytes of an unknown field's name that its error
// quotes: a 60 MB name made a 60 MB message.
const maxKeyShown = 64

// UnmarshalDynamic reads the JSON that a Dynamic marshals to, through the
// registry: the game must be registered (imported). The object must have
// exactly the fields "spec" and "position", each once, spelled so (JSON
// from a stranger gets no case-insensitive or last-wins reading), and
// both strings; anything else is a *SyntaxError.
func UnmarshalDynamic(data []byte) (Dynamic, error) {
	s, err := readStored(data)
	if err != nil {
		return nil, err
	}
	return OpenPosition(s.Spec, s.Position)
}

// State holds a position of any registered game as a value that goes
// through encoding/json, as a field of a struct does:
//
//	type Saved struct {
//		Game  rules.State `json:"game"`
//		Owner string      `json:"owner"`
//	}
//
// It marshals as {"spec": ..., "position": ...} (null when it holds no
// position) and unmarshals through the registry, as UnmarshalDynamic
// does. The zero State holds no position: its Dynamic is nil.
type State struct {
	Dynamic
}

// MarshalJSON writes the position as Dynamic.MarshalJSON does, or null
// for a State that holds none.
func (s State) MarshalJSON() ([]byte, error) {
	if !IsGame(s.Dynamic) { // nil, or a State (or *State) holding none
		return []byte("null"), nil
	}
	return s.Dynamic.MarshalJSON()
}

// UnmarshalJSON reads a position as UnmarshalDynamic does; null leaves
// the State holding none.
func (s *State) UnmarshalJSON(data []byte) error {
	if string(bytes.TrimSpace(data)) == "null" {
		s.Dynamic = nil
		return nil
	}
	d, err := UnmarshalDynamic(data)
	if err != nil {
		return err
	}
	s.Dynamic = d
	return nil
}

// readStored reads the JSON object {"spec": ..., "position": ...}
// strictly: both fields, once each, exactly so spelled (after JSON's
// escapes), both strings, nothing else around them but JSON whitespace.
//
// It reads the object itself rather than through encoding/json: that is
// the one JSON a program reading positions needs, and a WebAssembly
// build that reads stored positions would otherwise link encoding/json's
// reflection-driven decoder, a tenth of the module. Its strings read as
// encoding/json reads them (invalid UTF-8 and lone surrogates become
// U+FFFD); a test holds it to encoding/json's reading of every input.
func readStored(data []byte) (Stored, error) {
	r := storedReader{data: data}
	s, err := r.read()
	if err != nil {
		return Stored{}, &SyntaxError{What: "stored position", Input: string(data), Offset: r.at, Msg: err.Error()}
	}
	return s, nil
}

// storedReader walks data; at is where it reads, and where a problem is.
type storedReader struct {
	data []byte
	at   int
}

// storedError is a problem at the reader's offset.
type storedError string

func (e storedError) Error() string { return string(e) }

func (r *storedReader) read() (Stored, error) {
	var s Stored
	var seen [2]bool
	if r.space() != '{' {
		return s, storedError(`want a JSON object {"spec": ..., "position": ...}`)
	}
	r.at++
	for first := true; ; first = false {
		c := r.space()
		if c == '}' && first {
			break
		}
		if c != '"' {
			return s, storedError("bad JSON: want a field name in double quotes" + r.found())
		}
		start := r.at
		key, err := r.str()
		if err != nil {
			return s, err
		}
		var field *string
		var n int
		switch key {
		case "spec":
			field, n = &s.Spec, 0
		case "position":
			field, n = &s.Position, 1
		default:
			r.at = start
			// The key is a stranger's, of any length: shown cut short.
			name := strconv.Quote(key)
			if len(key) > maxKeyShown {
				name = strconv.Quote(key[:maxKeyShown]) + "..."
			}
			return s, storedError("unknown field " + name + `: the fields are "spec" and "position"`)
		}
		if seen[n] {
			r.at = start
			return s, storedError("the field " + strconv.Quote(key) + " appears twice")
		}
		seen[n] = true
		if r.space() != ':' {
			return s, storedError("bad JSON: want ':' after the field name" + r.found())
		}
		r.at++
		if r.space() != '"' {
			return s, storedError("the field " + strconv.Quote(key) + " must be a string")
		}
		if *field, err = r.str(); err != nil {
			return s, err
		}
		if c = r.space(); c == '}' {
			break
		}
		if c != ',' {
			return s, storedError("bad JSON: want ',' or '}' after a field" + r.found())
		}
		r.at++
	}
	r.at++
	if r.space() != 0 || r.at < len(r.data) {
		return s, storedError("text after the JSON object")
	}
	if !seen[0] || !seen[1] {
		r.at = 0
		return s, storedError(`want both fields "spec" and "position"`)
	}
	return s, nil
}

// space skips JSON whitespace and returns the byte there, 0 at the end
// (a NUL byte is no JSON either, so the callers refuse it alike).
func (r *storedReader) space() byte {
	for r.at < len(r.data) {
		switch c := r.data[r.at]; c {
		case ' ', '\t', '\n', '\r':
			r.at++
		default:
			return c
		}
	}
	return 0
}

// found names what the reader found instead of what it wanted.
func (r *storedReader) found() string {
	if r.at >= len(r.data) {
		return ", found the end"
	}
	return ", found " + quoteFirst(string(r.data[r.at:min(r.at+utf8.UTFMax, len(r.data))]))
}

// quoteFirst quotes the character s begins with: its whole UTF-8
// sequence, or an invalid byte as an escape (notation.QuoteFirst, which
// this package cannot import).
func quoteFirst(s string) string {
	_, n := utf8.DecodeRuneInString(s)
	return strconv.Quote(s[:n])
}

// str reads the JSON string at r.at (its opening quote) and returns its
// value, leaving r.at after the closing quote.
func (r *storedReader) str() (string, error) {
	r.at++
	var b []byte
	for {
		if r.at >= len(r.data) {
			return "", storedError("bad JSON: the string does not end")
		}
		c := r.data[r.at]
		switch {
		case c == '"':
			r.at++
			return string(b), nil
		case c < 0x20:
			return "", storedError("bad JSON: a control character in a string (write it as an escape)")
		case c == '\\':
			if err := r.escape(&b); err != nil {
				return "", err
			}
		case c < utf8.RuneSelf:
			b = append(b, c)
			r.at++
		default:
			ch, size := utf8.DecodeRune(r.data[r.at:])
			b = utf8.AppendRune(b, ch) // invalid UTF-8 becomes U+FFFD, as in encoding/json
			r.at += size
		}
	}
}

// escape reads the escape at r.at (its backslash) onto b.
func (r *storedReader) escape(b *[]byte) error {
	if r.at+1 >= len(r.data) {
		return storedError("bad JSON: the string does not end")
	}
	if c, ok := storedEscapes[r.data[r.at+1]]; ok {
		*b = append(*b, c)
		r.at += 2
		return nil
	}
	if r.data[r.at+1] != 'u' {
		return storedError(`bad JSON: an escape is one of \" \\ \/ \b \f \n \r \t \uXXXX`)
	}
	ch, ok := r.hex4(r.at + 2)
	if !ok {
		return storedError(`bad JSON: \u wants four hexadecimal digits`)
	}
	r.at += 6
	if utf16.IsSurrogate(ch) {
		// A pair is read as one character; a lone half is U+FFFD, and
		// what follows it is read on its own, as encoding/json does.
		if lo, ok := r.hex4(r.at + 2); ok && r.at+1 < len(r.data) && r.data[r.at] == '\\' && r.data[r.at+1] == 'u' {
			if pair := utf16.DecodeRune(ch, lo); pair != utf8.RuneError {
				*b = utf8.AppendRune(*b, pair)
				r.at += 6
				return nil
			}
		}
		ch = utf8.RuneError
	}
	*b = utf8.AppendRune(*b, ch)
	return nil
}

// storedEscapes are JSON's one-letter escapes and what they stand for.
var storedEscapes = map[byte]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

// hex4 reads the four hexadecimal digits at i, if there are four.
func (r *storedReader) hex4(i int) (rune, bool) {
	if i+4 > len(r.data) {
		return 0, false
	}
	v, err := strconv.ParseUint(string(r.data[i:i+4]), 16, 32)
	if err != nil {
		return 0, false
	}
	return rune(v), true
}
