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
//	option = key "=" value          ; spaces around tokens are allowed
//	key    = lower *( lower / digit / "_" )
//	value  = 1*( alnum / "_" / "." / ":" / "+" / "-" )
type Spec struct {
	Game    string
	Options []Option
}

// Option is one key=value pair of a Spec.
type Option struct {
	Key, Value string
}

// ParseSpec reads a game spec. Keys must be unique.
func ParseSpec(s string) (Spec, error) {
	p := specParser{in: s}
	return p.parse()
}

type specParser struct {
	in  string
	pos int
}

func (p *specParser) fail(at int, msg string) error {
	return &rules.SyntaxError{What: "game spec", Input: p.in, Offset: at, Msg: msg}
}

func (p *specParser) spaces() {
	for p.pos < len(p.in) && (p.in[p.pos] == ' ' || p.in[p.pos] == '\t') {
		p.pos++
	}
}

func (p *specParser) word(what string, ok func(byte) bool) (string, error) {
	p.spaces()
	start := p.pos
	for p.pos < len(p.in) && ok(p.in[p.pos]) {
		p.pos++
	}
	if p.pos == start {
		if p.pos >= len(p.in) {
			return "", p.fail(p.pos, "expected "+what+", found the end")
		}
		return "", p.fail(p.pos, "expected "+what+", found "+strconv.Quote(p.in[p.pos:p.pos+1]))
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
	p.spaces()
	if p.pos == len(p.in) {
		return spec, nil
	}
	if p.in[p.pos] != '(' {
		return Spec{}, p.fail(p.pos, "expected \"(\" or the end after the game name")
	}
	p.pos++
	p.spaces()
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
		p.spaces()
		if p.pos >= len(p.in) || p.in[p.pos] != '=' {
			return Spec{}, p.fail(p.pos, "expected \"=\" after option "+key)
		}
		p.pos++
		value, err := p.word("a value for option "+key, isValueByte)
		if err != nil {
			return Spec{}, err
		}
		spec.Options = append(spec.Options, Option{Key: key, Value: value})
		p.spaces()
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
	p.spaces()
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

// Error returns e.g. `game spec "hex(size=0)": option size: must be from 1 to 26`.
func (e *SpecError) Error() string {
	s := "game spec " + strconv.Quote(e.Spec) + ": "
	if e.Option != "" {
		s += "option " + e.Option + ": "
	}
	return s + e.Msg
}

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
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		return 0, &SpecError{Spec: s.String(), Option: key,
			Msg: strconv.Quote(v) + " is not a whole number from " + strconv.Itoa(lo) + " to " + strconv.Itoa(hi)}
	}
	return n, nil
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
