package sgf

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules/hex"
	"github.com/tabletop-go/rules/internal/testkit"
	"github.com/tabletop-go/rules/notation"
)

// hexGames finds a file of shared/hexgames (testkit.HexGames).
func hexGames(t *testing.T, name string) string {
	t.Helper()
	return testkit.HexGames(t, name)
}

// replay plays a record's moves; it returns the position reached and, if
// a move fails, its 1-based ply and the error.
func replay(t *testing.T, rec notation.Record) (hex.Position, int, error) {
	t.Helper()
	spec, _ := rec.Tag("Game")
	cfg, err := hex.ParseSpec(spec)
	require.NoError(t, err)
	p := cfg.Start()
	for i, s := range rec.Moves {
		m, err := p.ParseMove(s)
		if err == nil {
			p, err = p.Play(m)
		}
		if err != nil {
			return p, i + 1, err
		}
	}
	return p, 0, nil
}

// TestLittleGolemGamesReplay replays all 18,897 Little Golem games: no
// illegal move anywhere; a game that ends on a connecting move is over
// exactly at its last move with the winner RE names; a resigned game is
// unfinished by the rules and keeps its recorded result.
func TestLittleGolemGamesReplay(t *testing.T) {
	data, err := os.ReadFile(hexGames(t, "littlegolem_zerohex.hsgf"))
	require.NoError(t, err)
	var games, connected, resigned, swaps, noResult int
	for rec, err := range LittleGolemRecords(data) {
		require.NoError(t, err)
		games++
		p, ply, err := replay(t, rec)
		require.NoError(t, err, "game %s ply %d", rec.Moves, ply)
		result, hasResult := rec.Tag("Result")
		_, resign := rec.Tag("Termination")
		if containsSwap(rec.Moves) {
			swaps++
		}
		switch {
		case p.Outcome().Over():
			connected++
			assert.False(t, resign, "line %d: a resigned game that the rules say is over", rec.Line)
			assert.Equal(t, result, p.Outcome().Result(), "line %d: the connection's winner is not RE's", rec.Line)
		case resign:
			resigned++
			assert.NotEqual(t, "*", result, "line %d: a resignation keeps its result", rec.Line)
		case !hasResult:
			noResult++
		}
	}
	t.Logf("%d games: %d end on a connecting move, %d resigned, %d with a swap, %d without a result", games, connected, resigned, swaps, noResult)
	assert.Equal(t, 18897, games)
	assert.Equal(t, 550, connected)
	assert.Equal(t, 14316, resigned)
	assert.Equal(t, 7603, swaps)
	assert.Equal(t, 143, noResult)
}

// TestICGAMainLinesReplay replays the main line of every tree in the
// Computer Olympiad collection: no illegal move anywhere, and one file
// refused for its node colours. The games that
// end on a connecting move are over exactly at their last move (five of
// the 2009 originals carry a resign node after it, which is not a move),
// and where RE is recorded it names the player who connected.
func TestICGAMainLinesReplay(t *testing.T) {
	path := hexGames(t, "icga_olympiad_hexgui.sgf")
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	trees, err := Parse(string(data))
	require.NoError(t, err)
	index := readIndex(t, strings.TrimSuffix(path, ".sgf")+".index.tsv")
	require.Len(t, trees, len(index))
	var withResult, refused []string
	connected := 0
	for i, tree := range trees {
		rec, err := ToRecord(tree)
		if err != nil {
			refused = append(refused, index[i].path+": "+err.Error())
			continue
		}
		p, ply, err := replay(t, rec)
		require.NoError(t, err, "%s ply %d", index[i].path, ply)
		if !p.Outcome().Over() {
			continue
		}
		connected++
		assert.Contains(t, []string{"win-last", "win-early"}, index[i].check, index[i].path)
		if result, ok := rec.Tag("Result"); ok {
			withResult = append(withResult, index[i].path)
			assert.Equal(t, result, p.Outcome().Result(), index[i].path)
		}
	}
	t.Logf("%d main lines: %d end on a connecting move, %d of them with a recorded result", len(trees), connected, len(withResult))
	assert.Equal(t, 61+5, connected)
	// 20/13-1.sgf ends ";B[i11];W[j12];W[b10]": White twice in a row, which
	// the rules would have read as a Black stone on b10.
	assert.Equal(t, []string{"20/13-1.sgf: sgf: node 114: W moves, but B is to move (the colours alternate)"}, refused)
	assert.Equal(t, []string{"09/orig/ms1.sgf", "09/orig/mw1.sgf", "09/orig/sm1.sgf", "09/orig/wm1.sgf", "09/orig/ws1.sgf"}, withResult)
}

type indexRow struct{ path, check string }

func readIndex(t *testing.T, path string) []indexRow {
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var rows []indexRow
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "\t")
		if len(fields) < 6 || fields[0] == "n" || strings.HasPrefix(fields[0], "#") {
			continue
		}
		rows = append(rows, indexRow{fields[1], fields[5]})
	}
	return rows
}

// TestReadGamesTellsTheRealCollectionsApart: the Little Golem export and
// the Computer Olympiad collection, read from files with FormatAuto, are
// detected and read whole as the format-specific tests read them.
func TestReadGamesTellsTheRealCollectionsApart(t *testing.T) {
	for _, tc := range []struct {
		file          string
		format        Format
		games, errors int
	}{
		{"littlegolem_zerohex.hsgf", FormatLittleGolem, 18897, 0},
		{"icga_olympiad_hexgui.sgf", FormatSGF, 347, 1}, // 20/13-1.sgf: White twice in a row
	} {
		f, err := os.Open(hexGames(t, tc.file))
		require.NoError(t, err)
		format, games := ReadGames(f, FormatAuto)
		assert.Equal(t, tc.format, format, tc.file)
		n, bad := 0, 0
		for rec, err := range games {
			n++
			if err != nil {
				bad++
				continue
			}
			_, ply, err := replay(t, rec)
			assert.NoError(t, err, "%s: game %d (line %d), ply %d", tc.file, n, rec.Line, ply)
		}
		f.Close()
		assert.Equal(t, tc.games, n, tc.file)
		assert.Equal(t, tc.errors, bad, tc.file)
	}
}
