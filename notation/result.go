package notation

import (
	"errors"
	"strconv"
	"strings"

	"github.com/tabletop-go/rules"
)

// Result is a record's result: a score for every seat, or unfinished.
//
//	result = "*" / score 1*( "-" score )   ; 2 to 4 scores
//	score  = "1" / "0" / "1/2"
type Result struct {
	// Halves holds each seat's score in half points; nil means unfinished.
	Halves []uint8
}

// ParseResult reads a result such as "1-0", "1/2-1/2", "0-1-0" or "*".
func ParseResult(s string) (Result, error) {
	if s == "*" {
		return Result{}, nil
	}
	fail := func(at int, msg string) error {
		return &rules.SyntaxError{What: "result", Input: s, Offset: at, Msg: msg}
	}
	var r Result
	at := 0
	for part := range strings.SplitSeq(s, "-") {
		switch part {
		case "1":
			r.Halves = append(r.Halves, 2)
		case "0":
			r.Halves = append(r.Halves, 0)
		case "1/2":
			r.Halves = append(r.Halves, 1)
		default:
			return Result{}, fail(at, "a score is 1, 0 or 1/2, not "+quote(part))
		}
		at += len(part) + 1
	}
	if len(r.Halves) < 2 || len(r.Halves) > rules.MaxSeats {
		return Result{}, fail(0, "a result has one score per seat (2 to 4), or is *")
	}
	return r, nil
}

// Finished reports whether the result is decided (not "*").
func (r Result) Finished() bool { return r.Halves != nil }

// String writes the result in canonical form, as rules.Outcome.Result does.
func (r Result) String() string {
	if r.Halves == nil {
		return "*"
	}
	var b strings.Builder
	for i, h := range r.Halves {
		if i > 0 {
			b.WriteByte('-')
		}
		switch h {
		case 0:
			b.WriteByte('0')
		case 1:
			b.WriteString("1/2")
		default:
			b.WriteByte('1')
		}
	}
	return b.String()
}

// MarshalText implements encoding.TextMarshaler with String's text ("1-0",
// "1/2-1/2", "*"), so a Result is that string in JSON too. It refuses a
// result that ParseResult would not read back to an equal value: Halves
// must be nil (unfinished) or hold 2 to 4 scores of 0, 1 or 2 half points.
func (r Result) MarshalText() ([]byte, error) {
	if r.Halves != nil {
		if len(r.Halves) < 2 || len(r.Halves) > rules.MaxSeats {
			return nil, errors.New("notation: a result has 2 to " + strconv.Itoa(rules.MaxSeats) +
				" scores, not " + strconv.Itoa(len(r.Halves)))
		}
		for i, h := range r.Halves {
			if h > 2 {
				return nil, errors.New("notation: score " + strconv.Itoa(i+1) + " of the result is " +
					strconv.Itoa(int(h)) + " half points; a score is 0, 1 or 2 half points")
			}
		}
	}
	return []byte(r.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler with ParseResult.
func (r *Result) UnmarshalText(text []byte) error {
	v, err := ParseResult(string(text))
	if err != nil {
		return err
	}
	*r = v
	return nil
}

// Matches reports whether r is o's result: whether r's text equals
// o.Result(). An unfinished result matches an ongoing outcome. A replay
// uses it to check a record's Result tag against the final position.
func (r Result) Matches(o rules.Outcome) bool { return r.String() == o.Result() }
