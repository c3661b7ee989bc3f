package notation

import (
	"errors"
	"strconv"

	"github.com/tabletop-go/rules"
)

// CutSpec splits a position text that begins with the spec of its variant,
// such as "hex(size=7,swap=none) 7/7/7/7/7/7/7 b -": it returns the spec,
// the rest of the text after the single space that follows the spec, and
// the rest's byte offset in text (without that space, rest is all that
// follows the spec, which ReadPosition refuses). A text begins with a spec
// when it begins with a game name directly followed by "("; the spec runs
// to the first ")". For any other text, ok is false and rest is the whole
// text.
func CutSpec(text string) (spec, rest string, at int, ok bool) {
	i := 0
	for i < len(text) && isNameByte(text[i]) {
		i++
	}
	if i == 0 || i >= len(text) || text[i] != '(' || !(text[0] >= 'a' && text[0] <= 'z') {
		return "", text, 0, false
	}
	for j := i; j < len(text); j++ {
		if text[j] == ')' {
			spec, rest, at = text[:j+1], text[j+1:], j+1
			if len(rest) > 0 && rest[0] == ' ' {
				rest, at = rest[1:], at+1
			}
			return spec, rest, at, true
		}
	}
	// An unclosed option list: the whole text is the spec, so that the
	// spec parser reports the missing ")".
	return text, "", len(text), true
}

// ReadPosition is the shared half of every game package's position
// parsers: it reads a position text that may begin with its variant's
// spec (see CutSpec and the package doc, "Position texts").
//
// With a spec, the rest of the text is read by body in the configuration
// parseSpec gives; when want is not nil, that configuration must equal
// *want. Without a spec, the text is read in *want, or, when want is nil,
// in the configuration bare infers from the text itself. Syntax errors are
// reported at their offset in the whole text.
func ReadPosition[C interface {
	comparable
	String() string
}, P any](
	text string,
	want *C,
	parseSpec func(string) (C, error),
	bare func(string) (C, error),
	body func(C, string) (P, error),
) (P, error) {
	var zero P
	spec, rest, at, ok := CutSpec(text)
	if !ok {
		c := want
		if c == nil {
			inferred, err := bare(text)
			if err != nil {
				return zero, badPosition(err, text)
			}
			c = &inferred
		}
		p, err := body(*c, text)
		if err != nil {
			return zero, badPosition(err, text)
		}
		return p, nil
	}
	c, err := parseSpec(spec)
	if err != nil {
		// The spec is part of the position text: a spec naming no
		// variant makes the text a bad position.
		err = relocate(err, spec, text, 0)
		var se *rules.SyntaxError
		if !errors.As(err, &se) {
			err = &rules.SyntaxError{What: "position", Input: text, Offset: 0, Msg: err.Error()}
		}
		return zero, badPosition(err, text)
	}
	if want != nil && c != *want {
		return zero, &rules.SyntaxError{What: "position", Input: text, Offset: 0, Kind: rules.ErrBadPosition,
			Msg: "the text is a position of " + strconv.Quote(c.String()) + ", not of " + strconv.Quote((*want).String())}
	}
	if n := len(spec); n < len(text) && (text[n] != ' ' || n+1 < len(text) && text[n+1] == ' ') {
		at := n
		if text[n] == ' ' {
			at++ // a second space
		}
		return zero, &rules.SyntaxError{What: "position", Input: text, Offset: at, Kind: rules.ErrBadPosition,
			Msg: "want one space between the spec and the position"}
	}
	p, err := body(c, rest)
	if err != nil {
		return zero, badPosition(relocate(err, rest, text, at), text)
	}
	return p, nil
}

// badPosition marks a syntax error found in the position text as one of
// kind rules.ErrBadPosition (a copy of it). Other errors, such as the
// *SpecError of a configuration that cannot be played, pass unchanged.
func badPosition(err error, text string) error {
	var se *rules.SyntaxError
	if errors.As(err, &se) && se.Input == text {
		marked := *se
		marked.Kind = rules.ErrBadPosition
		return &marked
	}
	return err
}

// relocate reports a syntax error found in part, which starts at byte at
// of whole, as an error in whole.
func relocate(err error, part, whole string, at int) error {
	var se *rules.SyntaxError
	if errors.As(err, &se) && se.Line == 0 && se.Input == part {
		moved := *se
		moved.Input = whole
		moved.Offset += at
		return &moved
	}
	return err
}
