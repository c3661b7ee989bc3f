package rules

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"strings"
)

// This file gives the shared values their text and JSON forms. Each form
// is the value's readable String text, reads back to an equal (==) value,
// and is refused on reading with a *SyntaxError when it is anything else.
// Marshalling refuses a value that has no form reading back to it (such
// as Player(7)), rather than write text that could not be read.

// MarshalText implements encoding.TextMarshaler with String's text: "A"
// to "D" for a seat, "chance" or "terminal". It refuses any other value,
// which has no text that reads back.
func (p Player) MarshalText() ([]byte, error) {
	if !p.IsSeat() && p != Chance && p != Terminal {
		return nil, errors.New("rules: " + p.String() + " is not a seat, chance or terminal and has no text form")
	}
	return []byte(p.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler. It reads what
// MarshalText writes: a seat letter "A" to "D", "chance" or "terminal",
// exactly (no lower-case letters, no spaces), and refuses anything else
// with a *SyntaxError.
func (p *Player) UnmarshalText(text []byte) error {
	v, ok := parsePlayer(string(text))
	if !ok {
		return &SyntaxError{What: "player", Input: string(text), Msg: playerWords}
	}
	*p = v
	return nil
}

var playerWords = `a player is a seat letter "A" to "` + string(rune('A'+MaxSeats-1)) + `", "chance" or "terminal"`

func parsePlayer(s string) (Player, bool) {
	switch s {
	case "chance":
		return Chance, true
	case "terminal":
		return Terminal, true
	}
	if len(s) != 1 {
		return 0, false
	}
	return SeatFromLetter(s[0])
}

// MarshalText implements encoding.TextMarshaler with String's text:
// "decision", "chance" or "terminal". It refuses any other value.
func (n Node) MarshalText() ([]byte, error) {
	if int(n) >= len(nodeNames) {
		return nil, errors.New("rules: " + n.String() + " is not a kind of node and has no text form")
	}
	return []byte(n.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler. It reads "decision",
// "chance" or "terminal" and refuses anything else with a *SyntaxError.
func (n *Node) UnmarshalText(text []byte) error {
	for i, name := range nodeNames {
		if string(text) == name {
			*n = Node(i)
			return nil
		}
	}
	return &SyntaxError{What: "node", Input: string(text), Msg: "a node is " + oneOf(nodeNames[:])}
}

// MarshalText implements encoding.TextMarshaler with String's words, such
// as "no legal move" or "not over". It refuses a reason that no constant
// or game named.
func (r Reason) MarshalText() ([]byte, error) {
	if !r.named() {
		return nil, errors.New("rules: Reason(" + strconv.Itoa(int(r)) + ") is not a known reason and has no text form")
	}
	return []byte(r.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler. It reads the words
// that String writes, such as "no legal move" or "not over", exactly, for
// the constants and the reasons the linked games named (Hex's
// "connection" once package hex is linked), and refuses anything else
// with a *SyntaxError.
func (r *Reason) UnmarshalText(text []byte) error {
	v, ok := ReasonNamed(string(text))
	if !ok {
		return &SyntaxError{What: "reason", Input: string(text), Msg: reasonWords()}
	}
	*r = v
	return nil
}

// oneOf lists words for an error message: `"a", "b" or "c"`.
func oneOf(words []string) string {
	var b strings.Builder
	for i, w := range words {
		switch {
		case i == 0:
		case i == len(words)-1:
			b.WriteString(" or ")
		default:
			b.WriteString(", ")
		}
		b.WriteString(strconv.Quote(w))
	}
	return b.String()
}

// MarshalText implements encoding.TextMarshaler with String's text, such
// as "1/3"; a Prob in JSON is therefore the string "1/3". It refuses a
// value that is not a probability (0 < Num <= Den), such as the zero Prob.
func (p Prob) MarshalText() ([]byte, error) {
	if p.Num == 0 || p.Num > p.Den {
		return nil, errors.New("rules: " + p.String() + " is not a probability Num/Den with 0 < Num <= Den")
	}
	return []byte(p.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler. It reads "Num/Den"
// with both numbers in decimal digits (no sign, no spaces) that fit in a
// uint64 and 0 < Num <= Den. The fraction is kept as written, not
// reduced: "2/6" reads as Prob{2, 6}. Anything else is refused with a
// *SyntaxError whose Offset points at the problem.
func (p *Prob) UnmarshalText(text []byte) error {
	v, err := parseProb(string(text))
	if err != nil {
		return err
	}
	*p = v
	return nil
}

func parseProb(s string) (Prob, error) {
	fail := func(at int, msg string) error {
		return &SyntaxError{What: "probability", Input: s, Offset: at, Msg: msg}
	}
	num, end, msg := parseDigits(s, 0, "numerator")
	if msg != "" {
		return Prob{}, fail(0, msg)
	}
	if end == len(s) {
		return Prob{}, fail(end, `expected "/" and the denominator after the numerator`)
	}
	if s[end] != '/' {
		return Prob{}, fail(end, `expected "/" after the numerator, not `+quoteFirst(s[end:]))
	}
	denAt := end + 1
	den, end, msg := parseDigits(s, denAt, "denominator")
	if msg != "" {
		return Prob{}, fail(denAt, msg)
	}
	if end < len(s) {
		return Prob{}, fail(end, "unexpected "+strconv.Quote(s[end:])+" after the denominator")
	}
	switch {
	case den == 0:
		return Prob{}, fail(denAt, "the denominator is 0; it must be positive")
	case num == 0:
		return Prob{}, fail(0, "the numerator is 0; a probability is more than 0")
	case num > den:
		return Prob{}, fail(0, "the numerator exceeds the denominator; a probability is at most 1")
	}
	return Prob{Num: num, Den: den}, nil
}

// parseDigits reads the decimal number that starts at s[at], returning it
// and the offset after its last digit, or a message saying what is wrong.
func parseDigits(s string, at int, what string) (v uint64, end int, msg string) {
	end = at
	for end < len(s) && s[end] >= '0' && s[end] <= '9' {
		end++
	}
	if end == at {
		return 0, at, "expected the " + what + " in decimal digits (no sign, no spaces)"
	}
	v, err := strconv.ParseUint(s[at:end], 10, 64)
	if err != nil { // only a range error: the text is all digits
		return 0, at, "the " + what + " " + s[at:end] + " does not fit in 64 bits"
	}
	return v, end, ""
}

// outcomeJSON is the JSON form of an Outcome.
type outcomeJSON struct {
	Result string    `json:"result"`
	Scores []float64 `json:"scores,omitempty"`
	Reason string    `json:"reason"`
	Winner string    `json:"winner,omitempty"`
}

// MarshalJSON implements json.Marshaler. A finished game is written as
//
//	{"result":"1-0","scores":[1,0],"reason":"connection","winner":"A"}
//
// with one score (0, 0.5 or 1) per seat and "winner" only when a single
// seat scored 1 and every other seat 0; an ongoing game (the zero
// Outcome) as
//
//	{"result":"*","reason":"not over"}
//
// It refuses an outcome that UnmarshalJSON would not read back to an
// equal value: an unknown reason, a finished game scoring fewer than 2
// seats, or an ongoing game with scores.
func (o Outcome) MarshalJSON() ([]byte, error) {
	if err := o.writable(); err != nil {
		return nil, err
	}
	j := outcomeJSON{Result: o.Result(), Reason: o.Reason.String()}
	if o.Over() {
		j.Scores = make([]float64, o.seats)
		for i := range j.Scores {
			j.Scores[i] = float64(o.halves[i]) / 2
		}
		if w, ok := o.Winner(); ok {
			j.Winner = w.String()
		}
	}
	return json.Marshal(j)
}

// writable reports why o has no JSON form, or nil.
func (o Outcome) writable() error {
	if o.Reason == Invalid || !o.Reason.named() {
		return errors.New("rules: an outcome with reason " + o.Reason.String() + " has no JSON form")
	}
	if !o.Over() {
		if o != (Outcome{}) {
			return errors.New(`rules: an ongoing outcome (reason "not over") has no scores, but this one has ` +
				strconv.Itoa(int(o.seats)) + " seats or scores")
		}
		return nil
	}
	if o.seats < 2 {
		return errors.New("rules: a finished outcome (" + o.String() + ") scores 2 to " +
			strconv.Itoa(MaxSeats) + " seats, not " + strconv.Itoa(int(o.seats)))
	}
	for i, h := range o.halves {
		if h > 2 || (i >= int(o.seats) && h != 0) {
			return errors.New("rules: outcome " + o.String() + " has an impossible score")
		}
	}
	return nil
}

// UnmarshalJSON implements json.Unmarshaler. It reads the form that
// MarshalJSON writes back to an equal (==) Outcome and checks that the
// fields agree: "result" and "reason" are required; a finished game has
// 2 to 4 scores, each 0, 0.5 or 1, a result that is the scores in record
// notation and a "winner" exactly when one seat scored 1 and the others 0;
// an ongoing game (reason "not over") has result "*", no scores and no
// winner. Unknown fields are refused. Every error is a *SyntaxError. As
// for encoding/json's own types, JSON null leaves o unchanged.
func (o *Outcome) UnmarshalJSON(data []byte) error {
	if string(bytes.TrimSpace(data)) == "null" {
		return nil
	}
	fail := func(at int, msg string) error {
		return &SyntaxError{What: "outcome", Input: string(data), Offset: at, Msg: msg}
	}
	var j outcomeJSON
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		return fail(jsonError(err))
	}
	end := int(dec.InputOffset())
	if _, err := dec.Token(); err != io.EOF {
		return fail(end, "unexpected data after the outcome object")
	}

	if j.Reason == "" {
		return fail(0, `missing "reason"`)
	}
	reason, ok := ReasonNamed(j.Reason)
	if !ok || reason == Invalid {
		return fail(0, "unknown reason "+strconv.Quote(j.Reason)+"; "+reasonWords())
	}
	if j.Result == "" {
		return fail(0, `missing "result"`)
	}
	if reason == NotOver {
		switch {
		case len(j.Scores) > 0:
			return fail(0, `an ongoing game (reason "not over") has no scores`)
		case j.Result != "*":
			return fail(0, `an ongoing game (reason "not over") has result "*", not `+strconv.Quote(j.Result))
		case j.Winner != "":
			return fail(0, `an ongoing game (reason "not over") has no winner`)
		}
		*o = Outcome{}
		return nil
	}

	n := len(j.Scores)
	if n == 0 {
		return fail(0, "a finished game (reason "+strconv.Quote(j.Reason)+`) has "scores", one per seat`)
	}
	if n < 2 || n > MaxSeats {
		return fail(0, "a finished game has 2 to "+strconv.Itoa(MaxSeats)+" scores, one per seat, not "+strconv.Itoa(n))
	}
	v := Outcome{Reason: reason, seats: uint8(n)}
	for i, s := range j.Scores {
		switch s {
		case 0:
			v.halves[i] = 0
		case 0.5:
			v.halves[i] = 1
		case 1:
			v.halves[i] = 2
		default:
			return fail(0, "score "+strconv.Itoa(i+1)+" is "+strconv.FormatFloat(s, 'g', -1, 64)+"; a score is 0, 0.5 or 1")
		}
	}
	if j.Result != v.Result() {
		return fail(0, "result "+strconv.Quote(j.Result)+" does not agree with the scores, which make "+strconv.Quote(v.Result()))
	}
	w, single := v.Winner()
	switch {
	case j.Winner == "" && single:
		return fail(0, `missing "winner": the scores make `+w.String()+" the single winner")
	case j.Winner != "" && !single:
		return fail(0, "winner "+strconv.Quote(j.Winner)+" given, but the scores have no single winner")
	case j.Winner != "":
		if p, ok := parsePlayer(j.Winner); !ok || p != w {
			return fail(0, "winner "+strconv.Quote(j.Winner)+" does not agree with the scores, which make "+w.String()+" the winner")
		}
	}
	*o = v
	return nil
}

// jsonError turns an error of encoding/json into an offset and a message
// that do not name Go types.
func jsonError(err error) (int, string) {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return int(se.Offset), "bad JSON: " + se.Error()
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		msg := "an outcome is a JSON object, not a JSON " + te.Value
		if te.Field != "" {
			msg = strconv.Quote(te.Field) + " cannot be a JSON " + te.Value
		}
		return int(te.Offset), msg
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return 0, "bad JSON: unexpected end of input"
	}
	return 0, strings.TrimPrefix(err.Error(), "json: ")
}
