package domination

import "github.com/tabletop-go/rules/notation"

// Config selects a Domination game. The game has no variants, so Config
// is empty; it exists so that every game package has the same shape
// (ParseSpec, Config.Start, Config.ParsePosition).
type Config struct{}

// Default is the configuration of the spec "domination", the only one.
var Default = Config{}

// ParseSpec reads the game spec "domination" (the game has no options).
func ParseSpec(s string) (Config, error) {
	spec, err := notation.ParseSpec(s)
	if err != nil {
		return Config{}, err
	}
	return FromSpec(spec)
}

// FromSpec checks a parsed spec: it must name domination, with no options.
func FromSpec(spec notation.Spec) (Config, error) {
	if spec.Game != "domination" {
		return Config{}, &notation.SpecError{Spec: spec.String(), Msg: "not a domination spec"}
	}
	return Default, spec.CheckKnown()
}

// Validate reports nothing: the one configuration is always valid.
func (Config) Validate() error { return nil }

// Spec returns the spec "domination".
func (Config) Spec() notation.Spec { return notation.Spec{Game: "domination"} }

// String returns "domination".
func (Config) String() string { return "domination" }
