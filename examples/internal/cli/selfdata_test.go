package cli

import (
	"archive/zip"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/examples/internal/npz"
	"github.com/tabletop-go/rules/notation"
)

// checkScript is the Python check of a -data file, with numpy.
const checkScript = "../../selfplay/testdata/check_npz.py"

// TestSelfplayDataOfEveryGame: for every variant of every registered game
// (the test-only tic-tac-toe too, played by the bots' Dynamic fallback),
// two short games by MCTS with -data give a file whose arrays keep
// selfplay's promises, checked in Go against the records on stdout
// (every row is the position the records reach, seen by its mover). A
// few files of every game, by both bots, with games played to their end,
// are also checked by the Python script with numpy, as a training
// program would load them.
func TestSelfplayDataOfEveryGame(t *testing.T) {
	var specs []string
	for _, name := range rules.Games() {
		g, err := rules.Lookup(name)
		require.NoError(t, err)
		if len(g.Variants) == 0 {
			specs = append(specs, name)
		}
		for _, v := range g.Variants {
			specs = append(specs, v.Spec)
		}
	}
	require.Contains(t, specs, "tictactoe(size=3)")
	type job struct {
		spec, bot     string
		games, plies  int
		iterations    string
		finishedGames bool   // every game must end within plies
		compress      bool   // -compress
		position      string // -position
		python        bool   // also checked by the Python script
	}
	var jobs []job
	for _, spec := range specs {
		if g, _ := rules.Lookup(spec); !g.Kit {
			code, _, errOut := run(t, selfplay, []string{"-game", spec, "-games", "1", "-data", filepath.Join(t.TempDir(), "x.npz")}, "")
			assert.Equal(t, 2, code, spec)
			assert.Contains(t, errOut, "does not support -data", "%s: a game without the kit has no training data", spec)
			continue
		}
		jobs = append(jobs, job{spec: spec, bot: "mcts", games: 2, plies: 40, iterations: "12"})
	}
	// A few files of every game for the Python check (a process each).
	jobs = append(jobs,
		job{spec: "hex(size=5)", bot: "mcts", games: 3, plies: 1000, iterations: "50", finishedGames: true, python: true},
		job{spec: "hex(size=5)", bot: "random", games: 3, plies: 1000, finishedGames: true, python: true, compress: true},
		job{spec: "hex(size=5)", bot: "guided", games: 2, plies: 1000, iterations: "50", finishedGames: true, python: true},
		job{spec: "domination", bot: "guided", games: 1, plies: 1000, iterations: "12", finishedGames: true},
		job{spec: "focus(plylimit=40)", bot: "mcts", games: 2, plies: 1000, iterations: "12", finishedGames: true, python: true},
		job{spec: "focus(players=3,plylimit=30)", bot: "random", games: 2, plies: 1000, finishedGames: true, python: true},
		job{spec: "focus(players=4,teams=true,plylimit=30)", bot: "random", games: 2, plies: 1000, finishedGames: true, python: true},
		job{spec: "focus(nowak=true,plylimit=30)", bot: "mcts", games: 2, plies: 1000, iterations: "12", finishedGames: true, python: true},
		job{spec: "domination", bot: "mcts", games: 2, plies: 1000, iterations: "12", finishedGames: true, python: true},
		job{spec: "domination", bot: "random", games: 2, plies: 1000, finishedGames: true, python: true},
		job{spec: "explocus(rows=6,cols=6,plylimit=40)", bot: "mcts", games: 2, plies: 1000, iterations: "12", finishedGames: true, python: true},
		job{spec: "hexplocus(size=4)", bot: "random", games: 2, plies: 30, python: true},
		// From a position of ply 3: the plies go on from it.
		job{spec: "hex(size=4,swap=none)", position: "4/1B2/2W1/3B w -", bot: "random", games: 2, plies: 1000, finishedGames: true, python: true},
	)
	dir := t.TempDir()
	var checks []pythonCheck
	for i, r := range jobs {
		name := fmt.Sprintf("%s %s", r.spec, r.bot)
		path := filepath.Join(dir, strconv.Itoa(i)+".npz")
		args := []string{"-game", r.spec, "-bot", r.bot, "-games", strconv.Itoa(r.games), "-seed", "3",
			"-maxplies", strconv.Itoa(r.plies), "-data", path}
		if r.iterations != "" {
			args = append(args, "-iterations", r.iterations)
		}
		if r.compress {
			args = append(args, "-compress")
		}
		start, err := rules.Open(r.spec)
		if r.position != "" {
			args = append(args, "-position", r.position)
			start, err = rules.OpenPosition(r.spec, r.position)
		}
		require.NoError(t, err)
		code, out, errOut := run(t, selfplay, args, "")
		require.Equal(t, 0, code, "%s: %s", name, errOut)
		records := checkData(t, name, path, start, out)
		if r.finishedGames {
			for _, rec := range records {
				result, _ := rec.Tag("Result")
				assert.NotEqual(t, "*", result, "%s: the game ends", name)
			}
		}
		if r.python {
			checks = append(checks, pythonCheck{name, path, start})
		}
	}
	t.Run("python", func(t *testing.T) {
		python := numpyPython(t)
		for _, c := range checks {
			shape := c.start.ObservationShape()
			cmd := exec.Command(python, checkScript, c.path,
				"--shape", strconv.Itoa(shape[0]), strconv.Itoa(shape[1]), strconv.Itoa(shape[2]),
				"--actions", strconv.Itoa(c.start.NumActions()), "--seats", strconv.Itoa(c.start.Seats()))
			report, err := cmd.CombinedOutput()
			assert.NoError(t, err, "%s: %s", c.name, report)
		}
	})
}

// pythonCheck is a -data file for the Python script, and its game.
type pythonCheck struct {
	name, path string
	start      rules.Dynamic
}

// numpyPython returns the Python that runs the check (PYTHON, else
// python3) if it imports numpy. Without one the test skips, but under CI
// (CI set) it fails: CI installs numpy (.ci/run).
func numpyPython(t *testing.T) string {
	python := os.Getenv("PYTHON")
	if python == "" {
		python = "python3"
	}
	out, err := exec.Command(python, "-c", "import numpy").CombinedOutput()
	if err == nil {
		return python
	}
	if os.Getenv("CI") != "" {
		t.Fatalf("CI is set, and %s cannot import numpy (.ci/run installs python3-numpy; PYTHON names another Python): %v %s", python, err, out)
	}
	t.Skipf("no numpy for %s (%v): the Python check skips (the Go check ran)", python, err)
	return ""
}

// checkData reads a -data file and checks it against the records
// selfplay printed: the rows are the decision positions of the games in
// order, each the position seen by its mover, with its legal actions,
// a policy over them, the action of the move played, and the mover's
// return in the final outcome (0 for a game left unfinished). It returns
// the records.
func checkData(t *testing.T, name, path string, start rules.Dynamic, out string) []notation.Record {
	t.Helper()
	arrays, err := npz.Read(path)
	require.NoError(t, err, name)
	want := map[string]npz.DType{"observations": npz.Float32, "masks": npz.Bool, "policies": npz.Float32,
		"values": npz.Float32, "actions": npz.Int32, "seats": npz.Int8, "games": npz.Int32,
		"plies": npz.Int32, "finished": npz.Bool}
	require.Len(t, arrays, len(want), name)
	for k, d := range want {
		require.Contains(t, arrays, k, name)
		require.Equal(t, d, arrays[k].DType, "%s: %s", name, k)
	}
	shape, numActions := start.ObservationShape(), start.NumActions()
	n := arrays["values"].Shape[0]
	assert.Equal(t, append([]int{n}, shape...), arrays["observations"].Shape, name)
	assert.Equal(t, []int{n, numActions}, arrays["masks"].Shape, name)
	assert.Equal(t, []int{n, numActions}, arrays["policies"].Shape, name)
	for _, k := range []string{"values", "actions", "seats", "games", "plies", "finished"} {
		assert.Equal(t, []int{n}, arrays[k].Shape, "%s: %s", name, k)
	}
	obs, masks, policies := arrays["observations"].Float32s(), arrays["masks"].Ints(), arrays["policies"].Float32s()
	values, actions := arrays["values"].Float32s(), arrays["actions"].Ints()
	seats, games := arrays["seats"].Ints(), arrays["games"].Ints()
	plies, finished := arrays["plies"].Ints(), arrays["finished"].Ints()
	size := len(obs) / max(n, 1)

	var records []notation.Record
	for text := range strings.SplitSeq(strings.TrimSpace(out), "\n\n[Game ") {
		if !strings.HasPrefix(text, "[Game ") {
			text = "[Game " + text
		}
		var rec notation.Record
		require.NoError(t, rec.UnmarshalText([]byte(text)), name)
		records = append(records, rec)
	}
	row := 0
	for g, rec := range records {
		pos := start
		first := row
		for _, move := range rec.Moves {
			if pos.Node() == rules.DecisionNode {
				require.Less(t, row, n, "%s: a row for every decision", name)
				mover := pos.ToMove()
				if !slices.Equal(pos.Observation(mover), obs[row*size:(row+1)*size]) {
					t.Errorf("%s: row %d is not the position seen by its mover", name, row)
				}
				assert.Equal(t, int(mover), seats[row], name)
				assert.Equal(t, g, games[row], name)
				assert.Equal(t, pos.Ply(), plies[row], "%s: row %d's ply", name, row)
				mask := make([]int, numActions)
				for _, a := range pos.LegalActions() {
					mask[a] = 1
				}
				policy := policies[row*numActions : (row+1)*numActions]
				sum, bad := 0.0, -1
				for a, p := range policy {
					if p < 0 || p > 0 && mask[a] == 0 {
						bad = a
					}
					sum += float64(p)
				}
				if !slices.Equal(mask, masks[row*numActions:(row+1)*numActions]) {
					t.Errorf("%s: row %d's mask is not the legal actions", name, row)
				}
				assert.Equal(t, -1, bad, "%s: row %d's policy is >= 0 and 0 outside the mask", name, row)
				assert.InDelta(t, 1, sum, 1e-5, "%s: row %d's policy sums to 1", name, row)
				index, err := pos.ActionIndex(move)
				require.NoError(t, err)
				assert.Equal(t, index, actions[row], "%s: row %d's action is the move played", name, row)
				row++
			}
			next, err := pos.Play(move)
			require.NoError(t, err, name)
			pos = next
		}
		o := pos.Outcome()
		for r := first; r < row; r++ {
			v := 0.0
			if o.Over() {
				v = o.Return(rules.Player(seats[r]))
			}
			assert.Equal(t, float32(v), values[r], "%s: row %d's value", name, r)
			assert.Equal(t, o.Over(), finished[r] == 1, "%s: row %d: finished", name, r)
			assert.LessOrEqual(t, math.Abs(float64(values[r])), 1.0)
		}
	}
	assert.Equal(t, n, row, "%s: no row but the decisions", name)
	return records
}

// TestSelfplayDataErrors: a -data file that cannot be written, a name
// that is no .npz file (a flag swallowed as its value) and a file whose
// bad game or bot give one line and exit status 2, never a panic, and
// leave no file behind.
func TestSelfplayDataErrors(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-data", filepath.Join(dir, "no", "such", "dir.npz")}, ExitBadArgs, "selfplay: -data: open "},
		{[]string{"-data", dir + "/"}, ExitBadArgs, "-data must name a .npz file"},
		{[]string{"-compress"}, ExitBadArgs, "selfplay: -compress needs -data FILE.npz"},
		{[]string{"-data", "-maxplies=3"}, ExitBadArgs, `-data must name a .npz file, not "-maxplies=3"`},
		{[]string{"-data", "-games", "3"}, ExitBadArgs, `-data must name a .npz file, not "-games"`},
		{[]string{"-data", filepath.Join(dir, "d.npz"), "-game", "hexx"}, ExitBadArgs, "selfplay: unknown game"},
		{[]string{"-data", filepath.Join(dir, "d.npz"), "-bot", "genius"}, ExitBadArgs, "selfplay: unknown bot"},
	} {
		code, out, errOut := run(t, selfplay, append([]string{"-game", "hex(size=3)"}, c.args...), "")
		assert.Equal(t, c.code, code, "%v", c.args)
		assert.Empty(t, out, "%v", c.args)
		assert.Equal(t, 1, strings.Count(errOut, "\n"), "%v: %q", c.args, errOut)
		assert.Contains(t, errOut, c.want, "%v", c.args)
	}
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Empty(t, entries, "no file left behind")

}

// TestSelfplayDataLeavesTheRecordsAlone: -data adds a file; the records
// on stdout are those of the same games without it.
func TestSelfplayDataLeavesTheRecordsAlone(t *testing.T) {
	args := []string{"-game", "hex(size=4)", "-bot", "mcts", "-iterations", "30", "-games", "2", "-seed", "5"}
	code, plain, _ := run(t, selfplay, args, "")
	require.Equal(t, 0, code)
	path := filepath.Join(t.TempDir(), "d.npz")
	code, withData, errOut := run(t, selfplay, append(args, "-data", path), "")
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, plain, withData)
	assert.FileExists(t, path)
}

// shapeCell is a cell of the README's shape table: P×R×C.
var shapeCell = regexp.MustCompile(`^\d+×\d+×\d+$`)

// TestREADMEShapesAreTheGames keeps the README's table of observation
// shapes and action counts (Train a network) what the games report.
func TestREADMEShapesAreTheGames(t *testing.T) {
	readme, err := os.ReadFile("../../../README.md")
	require.NoError(t, err)
	_, section, ok := strings.Cut(string(readme), "\n## Train a network\n")
	require.True(t, ok, "README has a Train a network section")
	section, _, _ = strings.Cut(section, "\n## ")
	rows := 0
	for line := range strings.SplitSeq(section, "\n") {
		cells := strings.Split(line, "|")
		if len(cells) != 5 || !shapeCell.MatchString(strings.TrimSpace(cells[2])) {
			continue // not a row of the shapes table
		}
		spec := strings.Split(strings.TrimSpace(cells[1]), "`")[1]
		d, err := rules.Open(spec)
		require.NoError(t, err, spec)
		shape := d.ObservationShape()
		want := fmt.Sprintf("%d×%d×%d", shape[0], shape[1], shape[2])
		assert.Equal(t, want, strings.TrimSpace(cells[2]), spec)
		assert.Equal(t, strconv.Itoa(d.NumActions()), strings.TrimSpace(cells[3]), spec)
		rows++
	}
	assert.Equal(t, 9, rows, "the table's rows")
}

// TestSelfplayCompressDeflates: -compress deflates every array of the
// file, and the arrays read back the same as from the stored file.
func TestSelfplayCompressDeflates(t *testing.T) {
	dir := t.TempDir()
	methods := map[bool]uint16{false: zip.Store, true: zip.Deflate}
	var read []map[string]*npz.Tensor
	for _, compress := range []bool{false, true} {
		path := filepath.Join(dir, map[bool]string{false: "stored.npz", true: "deflated.npz"}[compress])
		args := []string{"-game", "hex(size=4)", "-games", "2", "-data", path}
		if compress {
			args = append(args, "-compress")
		}
		code, _, errOut := run(t, selfplay, args, "")
		require.Equal(t, 0, code, errOut)
		z, err := zip.OpenReader(path)
		require.NoError(t, err)
		require.Len(t, z.File, 9)
		for _, f := range z.File {
			assert.Equal(t, methods[compress], f.Method, "-compress=%v: %s", compress, f.Name)
		}
		require.NoError(t, z.Close())
		arrays, err := npz.Read(path)
		require.NoError(t, err)
		read = append(read, arrays)
	}
	for k, a := range read[0] {
		assert.Equal(t, a.Shape, read[1][k].Shape, k)
		assert.Equal(t, a.Ints(), read[1][k].Ints(), k)
	}
}

// TestCheckNpzRefusesBadPliesAndFinished: the Python check refuses files
// whose plies do not increase within a game, whose game is both finished
// and not, whose unfinished game has values, or whose finished flags are
// not booleans; it passes the same file made right.
func TestCheckNpzRefusesBadPliesAndFinished(t *testing.T) {
	python := numpyPython(t)
	type file struct {
		plies    []int
		finished []bool
		values   []float32
		intFlag  bool
	}
	write := func(path string, f file) {
		w, err := npz.Create(path)
		require.NoError(t, err)
		add := func(n string, d npz.DType, s ...int) *npz.Array {
			a, err := w.Add(n, d, s...)
			require.NoError(t, err)
			return a
		}
		require.NoError(t, add("observations", npz.Float32, 1, 1, 2).Float32(1, 0, 0, 1))
		require.NoError(t, add("masks", npz.Bool, 2).Bool(true, false, false, true))
		require.NoError(t, add("policies", npz.Float32, 2).Float32(1, 0, 0, 1))
		require.NoError(t, add("values", npz.Float32).Float32(f.values...))
		require.NoError(t, add("actions", npz.Int32).Int(0, 1))
		require.NoError(t, add("seats", npz.Int8).Int(0, 1))
		require.NoError(t, add("games", npz.Int32).Int(0, 0))
		require.NoError(t, add("plies", npz.Int32).Int(f.plies...))
		if f.intFlag {
			ints := make([]int, len(f.finished))
			for i, b := range f.finished {
				if b {
					ints[i] = 1
				}
			}
			require.NoError(t, add("finished", npz.Int8).Int(ints...))
		} else {
			require.NoError(t, add("finished", npz.Bool).Bool(f.finished...))
		}
		require.NoError(t, w.Close())
	}
	dir := t.TempDir()
	for _, c := range []struct {
		name string
		f    file
		want string
	}{
		{"valid", file{[]int{0, 1}, []bool{true, true}, []float32{1, -1}, false}, ""},
		{"valid unfinished", file{[]int{0, 1}, []bool{false, false}, []float32{0, 0}, false}, ""},
		{"plies equal", file{[]int{1, 1}, []bool{true, true}, []float32{1, -1}, false}, "plies that do not increase"},
		{"plies decrease", file{[]int{2, 1}, []bool{true, true}, []float32{1, -1}, false}, "plies that do not increase"},
		{"mixed flags", file{[]int{0, 1}, []bool{true, false}, []float32{0, 0}, false}, "both finished and unfinished"},
		{"unfinished value", file{[]int{0, 1}, []bool{false, false}, []float32{1, -1}, false}, "of an unfinished game has a value"},
		{"int8 flags", file{[]int{0, 1}, []bool{true, true}, []float32{1, -1}, true}, "finished is int8, not bool"},
	} {
		path := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "_")+".npz")
		write(path, c.f)
		out, err := exec.Command(python, checkScript, path, "--shape", "1", "1", "2", "--actions", "2", "--seats", "2").CombinedOutput()
		if c.want == "" {
			assert.NoError(t, err, "%s: %s", c.name, out)
			continue
		}
		assert.Error(t, err, "%s: %s", c.name, out)
		assert.Contains(t, string(out), c.want, c.name)
	}
}
