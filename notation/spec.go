package notation

import (
	"strconv"
	"strings"

	"github.com/tabletop-go/rules"
)

// Spec names a game and its options, written name(key=value,...), e.g.
// "hex(size=11,swap=sides)". A bare name means every option at its
// default.
//
//	spec   = name [ "(" [ option *( "," option ) ] ")" ]
//	name   = lower *( lower / digit / "_" / "-" )
//	option = key "=" value
//	key    = lower *( lower / digit / "_" )
//	value  = 1*( alnum / "_" / "." / ":" / "+" / "-" )
//
// A spec holds no white space and at most MaxSpecBytes bytes. A number
// value is written in decimal digits with no sign and no leading zero
// (Int), so every option has one spelling.
type Spec struct {
	Game    string
	Options []Option
}

// Option is one key=value pair of a Spec.
type Option struct {
	Key, Value string
}

// MaxSpecBytes is the longest game spec ParseSpec reads.
const MaxSpecBytes = 256

// ParseSpec reads a game spec. Keys must be unique.
func ParseSpec(s string) (Spec, error) {
	p := specParser{in: s}
	if len(s) > MaxSpecBytes {
		return Spec{}, p.fail(MaxSpecBytes, "a game spec is at most "+strconv.Itoa(MaxSpecBytes)+" bytes long")
	}
	if at := strings.IndexAny(s, " \t\n\r\f\v"); at >= 0 {
		return Spec{}, p.fail(at, "a game spec holds no white space")
	}
	return p.parse()
}

type specParser struct {
	in  string
	pos int
}

func (p *specParser) fail(at int, msg string) error {
	return &rules.SyntaxError{What: "game spec", Input: p.in, Offset: at, Msg: msg, Kind: rules.ErrBadSpec}
}

func (p *specParser) word(what string, ok func(byte) bool) (string, error) {
	start := p.pos
	for p.pos < len(p.in) && ok(p.in[p.pos]) {
		p.pos++
	}
	if p.pos == start {
		if p.pos >= len(p.in) {
			return "", p.fail(p.pos, "expected "+what+", found the end")
		}
		return "", p.fail(p.pos, "expected "+what+", found "+QuoteFirst(p.in[p.pos:]))
	}
	return p.in[start:p.pos], nil
}

func isNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '-'
}
func isKeyByte(c byte) bool { return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' }
func isValueByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
		c == '_' || c == '.' || c == ':' || c == '+' || c == '-'
}

func (p *specParser) parse() (Spec, error) {
	var spec Spec
	name, err := p.word("a game name", isNameByte)
	if err != nil {
		return Spec{}, err
	}
	if name[0] < 'a' || name[0] > 'z' {
		return Spec{}, p.fail(p.pos-len(name), "a game name starts with a lower-case letter")
	}
	spec.Game = name
	if p.pos == len(p.in) {
		return spec, nil
	}
	if p.in[p.pos] != '(' {
		return Spec{}, p.fail(p.pos, "expected \"(\" or the end after the game name")
	}
	p.pos++
	if p.pos < len(p.in) && p.in[p.pos] == ')' {
		p.pos++
		return spec, p.end()
	}
	for {
		keyAt := p.pos
		key, err := p.word("an option name", isKeyByte)
		if err != nil {
			return Spec{}, err
		}
		if _, dup := spec.Lookup(key); dup {
			return Spec{}, p.fail(keyAt, "option "+key+" given twice")
		}
		if p.pos >= len(p.in) || p.in[p.pos] != '=' {
			return Spec{}, p.fail(p.pos, "expected \"=\" after option "+key)
		}
		p.pos++
		value, err := p.word("a value for option "+key, isValueByte)
		if err != nil {
			return Spec{}, err
		}
		spec.Options = append(spec.Options, Option{Key: key, Value: value})
		if p.pos >= len(p.in) {
			return Spec{}, p.fail(p.pos, "missing \")\"")
		}
		switch p.in[p.pos] {
		case ',':
			p.pos++
		case ')':
			p.pos++
			return spec, p.end()
		default:
			return Spec{}, p.fail(p.pos, "expected \",\" or \")\" after the value of "+key)
		}
	}
}

func (p *specParser) end() error {
	if p.pos != len(p.in) {
		return p.fail(p.pos, "unexpected text after \")\"")
	}
	return nil
}

// String writes the spec in canonical form: the name, then the options in
// their stored order in parentheses, or the bare name if there are none.
func (s Spec) String() string {
	if len(s.Options) == 0 {
		return s.Game
	}
	var b strings.Builder
	b.WriteString(s.Game)
	b.WriteByte('(')
	for i, o := range s.Options {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(o.Key)
		b.WriteByte('=')
		b.WriteString(o.Value)
	}
	b.WriteByte(')')
	return b.String()
}

// MarshalText implements encoding.TextMarshaler.
func (s Spec) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler.
func (s *Spec) UnmarshalText(text []byte) error {
	v, err := ParseSpec(string(text))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// Lookup returns the value of option key.
func (s Spec) Lookup(key string) (string, bool) {
	for _, o := range s.Options {
		if o.Key == key {
			return o.Value, true
		}
	}
	return "", false
}

// SpecError reports a spec that is well formed but wrong for its game: an
// unknown option, a bad value, or options that do not go together.
type SpecError struct {
	Spec   string // the whole spec as given
	Option string // the option at fault, "" for the game name or a combination
	Msg    string
}

// Error returns e.g. `game spec "hex(size=0)": option size: "0" is not N
// or CxR with each from 1 to 26`.
// A spec longer than 80 bytes is cut short.
func (e *SpecError) Error() string {
	const maxShown = 80
	spec := e.Spec
	if len(spec) > maxShown {
		spec = spec[:maxShown] + "..."
	}
	s := "game spec " + strconv.Quote(spec) + ": "
	if e.Option != "" {
		s += "option " + e.Option + ": "
	}
	return s + e.Msg
}

// Is makes errors.Is(err, rules.ErrBadSpec) true.
func (e *SpecError) Is(target error) bool { return target == rules.ErrBadSpec }

// CheckKnown returns a *SpecError for the first option whose key is not
// among known.
func (s Spec) CheckKnown(known ...string) error {
	for _, o := range s.Options {
		found := false
		for _, k := range known {
			if o.Key == k {
				found = true
				break
			}
		}
		if !found && len(known) == 0 {
			return &SpecError{Spec: s.String(), Option: o.Key, Msg: s.Game + " takes no options"}
		}
		if !found {
			return &SpecError{Spec: s.String(), Option: o.Key,
				Msg: "unknown option for " + s.Game + " (known: " + strings.Join(known, ", ") + ")"}
		}
	}
	return nil
}

// Int returns option key as an integer in [lo, hi], or def if absent.
func (s Spec) Int(key string, def, lo, hi int) (int, error) {
	v, ok := s.Lookup(key)
	if !ok {
		return def, nil
	}
	n, ok := ParseNatural(v)
	if !ok || n < lo || n > hi {
		return 0, &SpecError{Spec: s.String(), Option: key,
			Msg: strconv.Quote(v) + " is not a whole number from " + strconv.Itoa(lo) + " to " + strconv.Itoa(hi)}
	}
	return n, nil
}

// ParseNatural reads a number written in decimal digits with no sign and
// no leading zero ("0", "7", "26"; not "+7", "07" or " 7") that fits in
// an int.
func ParseNatural(s string) (int, bool) {
	if s == "" || len(s) > 1 && s[0] == '0' {
		return 0, false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}

// Bool returns option key as true/false, or def if absent.
func (s Spec) Bool(key string, def bool) (bool, error) {
	v, ok := s.Lookup(key)
	if !ok {
		return def, nil
	}
	switch v {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, &SpecError{Spec: s.String(), Option: key, Msg: strconv.Quote(v) + " is not true or false"}
}

// Enum returns option key, which must be one of values, or def if absent.
func (s Spec) Enum(key, def string, values ...string) (string, error) {
	v, ok := s.Lookup(key)
	if !ok {
		return def, nil
	}
	for _, x := range values {
		if v == x {
			return v, nil
		}
	}
	return "", &SpecError{Spec: s.String(), Option: key,
		Msg: strconv.Quote(v) + " is not one of " + strings.Join(values, ", ")}
}
