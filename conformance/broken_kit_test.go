package conformance_test

import (
	"errors"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/conformance"
	"github.com/tabletop-go/rules/hex"
)

// brokenKitEnv names the breakage the child process of
// TestRunReportsABrokenKit runs conformance.Run on.
const brokenKitEnv = "CONFORMANCE_BROKEN_KIT"

// breakage is the kit method brokenHex breaks: "" (none), "action index"
// (ActionIndex exchanges two moves' indices), "observation" (one value
// short), "transform move" (TransformMove ignores the symmetry),
// "transform move once played" (the same from ply 1 on) or "rollout" (a
// rollout that declines, as Hex's does under a bound that could cut the
// game, still appends to the trace).
var breakage string

// brokenHex is Hex under its own name, "brokenhex", with the kit method
// that breakage names broken; with none it is Hex itself and passes.
type brokenHex struct{ hex.Position }

func (b brokenHex) PlayUnchecked(m hex.Move) brokenHex { return brokenHex{b.Position.PlayUnchecked(m)} }
func (b brokenHex) Transform(k int) brokenHex          { return brokenHex{b.Position.Transform(k)} }

// Spec is Hex's with the game's own name, so that the registry reads a
// brokenHex back; the invalid value has Hex's "".
func (b brokenHex) Spec() string {
	if !b.IsValid() {
		return b.Position.Spec()
	}
	return "brokenhex" + strings.TrimPrefix(b.Position.Spec(), "hex")
}

func (b brokenHex) ActionIndex(m hex.Move) int {
	i := b.Position.ActionIndex(m)
	if breakage == "action index" && (i == 0 || i == 1) {
		return 1 - i // a1's and b1's indices exchanged: in range and distinct
	}
	return i
}

func (b brokenHex) AppendObservation(buf []float32, seat rules.Player) []float32 {
	obs := b.Position.AppendObservation(buf, seat)
	if breakage == "observation" && len(obs) > len(buf) {
		return obs[:len(obs)-1]
	}
	return obs
}

func (b brokenHex) TransformMove(k int, m hex.Move) hex.Move {
	if k > 0 && k < b.Symmetries() && (breakage == "transform move" || breakage == "transform move once played" && b.Ply() > 0) {
		return m
	}
	return b.Position.TransformMove(k, m)
}

func (b brokenHex) Rollout(r *rand.Rand, maxPlies int, trace []rules.Played[hex.Move]) (rules.Outcome, brokenHex, []rules.Played[hex.Move], bool) {
	o, end, trace, ok := b.Position.Rollout(r, maxPlies, trace)
	if breakage == "rollout" && !ok && trace != nil {
		trace = append(trace, rules.Played[hex.Move]{Move: hex.Swap, Seat: 0})
	}
	return o, brokenHex{end}, trace, ok
}

// registerBrokenHex registers "brokenhex" with the registry, which
// conformance.Run reads positions back through. Only the child process
// calls it, so that the registry of the package's other tests is as the
// games left it.
func registerBrokenHex() {
	parseSpec := func(spec string) (hex.Config, error) {
		if rules.SpecName(spec) != "brokenhex" {
			return hex.Config{}, errors.New("not a brokenhex spec: " + spec)
		}
		return hex.ParseSpec("hex" + strings.TrimPrefix(spec, "brokenhex"))
	}
	start := func(c hex.Config) brokenHex { return brokenHex{c.Start()} }
	parse := func(c hex.Config, text string) (brokenHex, error) {
		p, err := c.ParsePosition(text)
		return brokenHex{p}, err
	}
	rules.Register(rules.MakeGame("brokenhex", parseSpec, start, parse))
}

// TestBrokenKitChild is the child process of TestRunReportsABrokenKit:
// it runs conformance.Run on brokenHex, and is skipped in any other run.
func TestBrokenKitChild(t *testing.T) {
	mode, ok := os.LookupEnv(brokenKitEnv)
	if !ok {
		t.Skip("the child process of TestRunReportsABrokenKit")
	}
	breakage = mode
	registerBrokenHex()
	conformance.Run(t, conformance.Game[brokenHex, hex.Move]{
		Start: func(t *rapid.T) brokenHex {
			// Even sizes: no cell is its own image under the half turn.
			n := 2 * rapid.IntRange(1, 3).Draw(t, "half size")
			swap := rapid.SampledFrom([]hex.SwapMode{hex.SwapSides, hex.SwapNone}).Draw(t, "swap")
			return brokenHex{hex.Config{Cols: n, Rows: n, Swap: swap}.Start()}
		},
		Parse: func(p brokenHex, text string) (brokenHex, error) {
			q, err := p.Config().ParsePosition(text)
			return brokenHex{q}, err
		},
		MaxMoves: hex.MaxMoves,
		OffGrid:  []hex.Move{hex.NoMove},
	})
}

// TestRunReportsABrokenKit: conformance.Run, given a game whose rules are
// right (Hex's) but one of whose kit methods is broken, fails, and says
// what is wrong; given the same game unbroken, it passes, so that the
// failures are the kit's and not the wrapping's. Run takes a *testing.T,
// whose failure cannot be caught in process, so each run is a child
// process of the test binary.
func TestRunReportsABrokenKit(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the test binary six times")
	}
	// says is what the check meant for the breakage reports.
	for _, tc := range []struct{ breakage, says string }{
		{"", ""},
		{"action index", "which decodes to"},
		{"observation", "AppendObservation appended"},
		{"transform move", "does not commute with playing"}, // at the empty start, whose moves are their own images
		{"transform move once played", "are not the transformed moves"},
		{"rollout", "a declined rollout (ok false) changed the trace"},
	} {
		name := tc.breakage
		if name == "" {
			name = "none"
		}
		t.Run(name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestBrokenKitChild$", "-test.count=1",
				"-rapid.checks=100", "-rapid.nofailfile")
			cmd.Env = append(os.Environ(), brokenKitEnv+"="+tc.breakage)
			out, err := cmd.CombinedOutput()
			var exit *exec.ExitError
			switch {
			case err != nil && !errors.As(err, &exit):
				t.Fatalf("running the child: %v", err)
			case tc.breakage == "" && err != nil:
				t.Fatalf("conformance.Run fails the unbroken wrapper of Hex (%v):\n%s", err, out)
			case tc.breakage == "":
				if !strings.Contains(string(out), "PASS") {
					t.Fatalf("the child did not run the check:\n%s", out)
				}
			case err == nil:
				t.Fatalf("conformance.Run passes Hex with its %s broken:\n%s", tc.breakage, out)
			case !strings.Contains(string(out), "--- FAIL: TestBrokenKitChild"):
				t.Fatalf("the child failed, but not in the check:\n%s", out)
			case !strings.Contains(string(out), tc.says):
				t.Errorf("conformance.Run fails Hex with its %s broken, but its report does not say %q:\n%s", tc.breakage, tc.says, out)
			}
		})
	}
}
