package conformance

import (
	"errors"
	"slices"
	"strconv"
	"testing"

	"github.com/tabletop-go/rules"
)

// CheckRegistration checks what the game called name tells through the
// registry: a title and a line of doc; variants of the game (specs that
// name it) that its own entry opens, each under its canonical spec, with
// distinct specs and labels, the usual one (the bare name's) first; and
// options that
// describe the spec grammar exactly: every value an option allows opens
// (with the options its With names), the values just outside an int's
// range and a made-up enum value are refused as bad specs, and a spec
// that writes an option's Default opens the same variant as the bare
// name.
func CheckRegistration(t *testing.T, name string) {
	t.Helper()
	g, err := rules.Lookup(name)
	if err != nil {
		t.Fatalf("rules.Lookup(%q): %v", name, err)
	}
	if g.Name != name || g.Title == "" || g.Doc == "" {
		t.Errorf("%s: Name %q, Title %q, Doc %q: want all three", name, g.Name, g.Title, g.Doc)
	}
	if len(g.Variants) == 0 {
		t.Errorf("%s: no variants", name)
	}
	var specs, labels []string
	for _, v := range g.Variants {
		if rules.SpecName(v.Spec) != name {
			t.Errorf("%s: variant %q is another game's", name, v.Spec)
			continue
		}
		d, err := g.Open(v.Spec) // the entry's own, not the one rules.Open would pick
		if err != nil {
			t.Errorf("%s: variant %q does not open: %v", name, v.Spec, err)
			continue
		}
		if d.Spec() != v.Spec {
			t.Errorf("%s: variant %q is not canonical: it opens as %q", name, v.Spec, d.Spec())
		}
		if v.Label == "" || slices.Contains(labels, v.Label) || slices.Contains(specs, v.Spec) {
			t.Errorf("%s: variant %q %q: labels and specs must be given and distinct", name, v.Spec, v.Label)
		}
		specs, labels = append(specs, v.Spec), append(labels, v.Label)
	}
	bare, err := g.Open(name)
	if err != nil {
		t.Fatalf("%s: the bare spec does not open: %v", name, err)
	}
	if len(g.Variants) > 0 && g.Variants[0].Spec != bare.Spec() {
		t.Errorf("%s: the first variant is %q, not the usual one the bare spec opens, %q", name, g.Variants[0].Spec, bare.Spec())
	}
	opens := func(opt rules.Option, value string) (rules.Dynamic, error) {
		spec := name + "("
		if opt.With != "" && value != opt.Default {
			spec += opt.With + ","
		}
		return rules.Open(spec + opt.Name + "=" + value + ")")
	}
	refused := func(opt rules.Option, value string) {
		t.Helper()
		if d, err := opens(opt, value); !errors.Is(err, rules.ErrBadSpec) {
			t.Errorf("%s: option %s=%s opens (%v), or is refused other than as a bad spec: %v", name, opt.Name, value, d, err)
		}
	}
	for _, opt := range g.Options {
		if opt.Name == "" || opt.Doc == "" {
			t.Errorf("%s: option %+v needs a name and a doc", name, opt)
		}
		var values []string
		switch opt.Kind {
		case rules.OptionInt:
			if opt.Min > opt.Max {
				t.Errorf("%s: option %s has Min %d > Max %d", name, opt.Name, opt.Min, opt.Max)
			}
			values = []string{strconv.Itoa(opt.Min), strconv.Itoa(opt.Max)}
			refused(opt, strconv.Itoa(opt.Min-1))
			refused(opt, strconv.Itoa(opt.Max+1))
		case rules.OptionBool:
			values = []string{"false", "true"}
			refused(opt, "maybe")
		case rules.OptionEnum:
			values = opt.Values
			refused(opt, "no-such-value")
		default:
			t.Errorf("%s: option %s has kind %q", name, opt.Name, opt.Kind)
		}
		if opt.Kind != rules.OptionInt && !slices.Contains(values, opt.Default) {
			t.Errorf("%s: option %s's default %q is none of its values %q", name, opt.Name, opt.Default, values)
		}
		for _, v := range values {
			if _, err := opens(opt, v); err != nil {
				t.Errorf("%s: option %s=%s does not open: %v", name, opt.Name, v, err)
			}
		}
		d, err := rules.Open(name + "(" + opt.Name + "=" + opt.Default + ")")
		if err != nil || d.Spec() != bare.Spec() {
			t.Errorf("%s: option %s's default %q does not open the bare spec's variant %q: %v, %v", name, opt.Name, opt.Default, bare.Spec(), d, err)
		}
	}
}
