package rules

// Variant is one variant of a game that a program offers players, such
// as a lobby's menu entry.
type Variant struct {
	// Spec is the variant's canonical spec, e.g. "hex(size=11,swap=sides)":
	// Open(Spec) opens it, and its Spec() gives this text back.
	Spec string `json:"spec"`
	// Label names the variant for people, e.g. "11×11 · standard".
	Label string `json:"label"`
}

// The kinds of a spec option.
const (
	// OptionInt takes a decimal integer from Min to Max, both included.
	OptionInt = "int"
	// OptionBool takes "true" or "false".
	OptionBool = "bool"
	// OptionEnum takes one of Values.
	OptionEnum = "enum"
)

// Option describes one option of a game's spec grammar, so that a program
// can offer every variant without knowing the game: a spec is the game's
// name, then in parentheses name=value pairs separated by commas.
type Option struct {
	// Name is the option's key in a spec, e.g. "size".
	Name string `json:"name"`
	// Kind is OptionInt, OptionBool or OptionEnum.
	Kind string `json:"kind"`
	// Min and Max bound an int option, both included: name=Max opens,
	// name=Max+1 is refused.
	Min int `json:"min,omitempty"`
	Max int `json:"max,omitempty"`
	// Values lists an enum option's values.
	Values []string `json:"values,omitempty"`
	// Default is the value a spec without the option has, as written in a
	// spec ("11", "false", "sides").
	Default string `json:"default"`
	// With lists the options, as "key=value" joined by commas, that a
	// value other than Default needs beside it ("players=4" for Focus's
	// teams); "" when it needs none.
	With string `json:"with,omitempty"`
	// Doc says in one line what the option does, and anything its Kind
	// does not say (hex's size also takes CxR for a rectangle; an option
	// that needs another).
	Doc string `json:"doc"`
}
