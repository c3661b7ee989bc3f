package explocus

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"pgregory.net/rapid"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/conformance"
)

// drawPosition draws the start of a random board size, or a random stable
// setup: men dropped on random squares, never at capacity, fewer in all
// than the board's adjacencies (R-E3), both colours present.
func drawPosition(t *rapid.T) Position {
	c := Config{Rows: rapid.IntRange(MinSize, 9).Draw(t, "rows"), Cols: rapid.IntRange(MinSize, 9).Draw(t, "cols")}
	c.PlyLimit = rapid.SampledFrom([]int{0, 0, 3, 50}).Draw(t, "plylimit")
	if rapid.Bool().Draw(t, "start") {
		return c.Start()
	}
	return Position{state: drawSetup(t, c)}
}

// drawHexPosition draws a Hexplocus position of side 3, 4, 6 or 13: the
// start, or a random stable setup as drawPosition makes them.
func drawHexPosition(t *rapid.T) HexPosition {
	c := Config{Side: rapid.SampledFrom([]int{3, 4, 6, 13}).Draw(t, "side")}
	c.PlyLimit = rapid.SampledFrom([]int{0, 0, 3, 50}).Draw(t, "plylimit")
	if rapid.Bool().Draw(t, "start") {
		return c.StartHex()
	}
	return HexPosition{state: drawSetup(t, c)}
}

// drawSetup drops men on random cells of c's board, never at capacity,
// fewer in all than half the board's adjacencies (R-E3), both colours
// present (or the start), and draws the seat to move.
func drawSetup(t *rapid.T, c Config) state {
	p := c.empty()
	men := rapid.IntRange(2, c.Adjacencies()/2).Draw(t, "men")
	for i := range men {
		color := uint8(i % 2)
		for tries := 0; tries < 50; tries++ {
			r := rapid.IntRange(0, int(p.rows)-1).Draw(t, "rank")
			f := rapid.IntRange(0, int(p.cols)-1).Draw(t, "file")
			if !p.onBoard(r, f) {
				continue
			}
			h := p.height[r][f]
			if h > 0 && p.colorAt(r, f) != color || uint16(h)+1 >= p.capacity(r, f) {
				continue
			}
			p.men[color]++
			p.height[r][f]++
			p.own[color][r] |= 1 << f
			break
		}
	}
	if p.men[0] == 0 || p.men[1] == 0 {
		if c.IsHex() {
			return c.StartHex().state
		}
		return c.Start().state
	}
	p.turn = uint8(rapid.IntRange(0, 1).Draw(t, "turn"))
	p.ply = uint32(p.turn) // A moves at even plies
	p.hash = p.computeHash()
	return p
}

func TestContract(t *testing.T) {
	conformance.Run(t, conformance.Game[Position, Move]{
		Start:      drawPosition,
		Parse:      func(p Position, text string) (Position, error) { return p.Config().ParsePosition(text) },
		MaxPlies:   120,
		MaxMoves:   MaxMoves,
		Candidates: func(p Position) []Move { return candidates(p.state) },
		Invariants: func(t *rapid.T, p Position) { checkInvariants(t, p.state) },
		OffGrid:    offGrid,
		Decides:    func(p Position) string { return decides(p.state) },
	})
}

// offGrid are moves built from coordinates off the 26×26 grid: NoMove,
// whatever the other square.
var offGrid = []Move{NoMove, mv(258, 2, 258, 4), mv(2, 2, 2, 26), mv(26, 0, 25, 0), mv(-1, 3, 0, 3), mv(2, -2, 2, 0),
	StackMove(NoSquare, NewSquare(2, 2)), StackMove(NewSquare(2, 2), Square(26))}

// decides is what decides the game besides its moves and outcome: under
// a ply limit, the ply (the plies left before the draw).
func decides(p state) string {
	if p.plyLimit == 0 {
		return ""
	}
	return "ply " + strconv.Itoa(p.Ply())
}

// TestContractHexplocus runs the kit on Hexplocus: sides 3, 4, 6 and 13,
// with and without a ply limit.
func TestContractHexplocus(t *testing.T) {
	conformance.Run(t, conformance.Game[HexPosition, Move]{
		Start:      drawHexPosition,
		Parse:      func(p HexPosition, text string) (HexPosition, error) { return p.Config().ParseHexPosition(text) },
		MaxPlies:   120,
		MaxMoves:   MaxMoves,
		Candidates: func(p HexPosition) []Move { return candidates(p.state) },
		Invariants: func(t *rapid.T, p HexPosition) { checkInvariants(t, p.state) },
		OffGrid:    offGrid,
		Decides:    func(p HexPosition) string { return decides(p.state) },
	})
}

// candidates lists, from every column, the moves of 1 to 6 cells along
// the six directions of the hexagon and along the other diagonal, on the
// board or off it.
func candidates(p state) []Move {
	var out []Move
	cols, rows := p.Size()
	for r := range rows {
		for f := range cols {
			if p.height[r][f] == 0 {
				continue
			}
			for k := 1; k <= 6; k++ {
				out = append(out, mv(f, r, f+k, r), mv(f, r, f, r+k), mv(f, r, f+k, r+k))
				if f >= k {
					out = append(out, mv(f, r, f-k, r), mv(f, r, f-k, r+k))
				}
				if r >= k {
					out = append(out, mv(f, r, f, r-k), mv(f, r, f+k, r-k))
				}
				if f >= k && r >= k {
					out = append(out, mv(f, r, f-k, r-k))
				}
			}
		}
	}
	return out
}

// checkInvariants: men are conserved and counted right, every column is
// on the board and below its capacity, each column has one colour (the
// colour masks are disjoint and mark exactly the occupied cells), at most
// four (square) or six (hexagon) moves per man of the mover, and the
// naive reference finds the same moves.
func checkInvariants(t *rapid.T, p state) {
	var men [2]int
	for r := range MaxSize {
		if p.own[0][r]&p.own[1][r] != 0 {
			t.Fatalf("a square of rank %d is marked for both colours", r+1)
		}
		for f := range MaxSize {
			h := int(p.height[r][f])
			marked := (p.own[0][r]|p.own[1][r])>>f&1 != 0
			if (h > 0) != marked || (h > 0 && !p.OnBoard(sq(f, r))) {
				t.Fatalf("square %d,%d: height %d, marked %v", f, r, h, marked)
			}
			if h > 0 {
				if h >= p.Capacity(sq(f, r)) {
					t.Fatalf("column of %d at capacity %d: %s", h, p.Capacity(sq(f, r)), p)
				}
				men[p.colorAt(r, f)] += h
			}
		}
	}
	if men[0] != p.Men(0) || men[1] != p.Men(1) {
		t.Fatalf("men counted %v, stored %d,%d", men, p.Men(0), p.Men(1))
	}
	if p.ToMove() != rules.Terminal {
		moves := p.AppendMoves(nil)
		perMan := 4
		var ref []refMove
		if p.Config().IsHex() {
			perMan = 6
			ref = hexRefFrom(p).moves()
		} else {
			ref = refFrom(p).moves()
			slices.SortFunc(ref, func(a, b refMove) int {
				return slices.Compare([]int{a.fr, a.ff, a.tr, a.tf}, []int{b.fr, b.ff, b.tr, b.tf})
			})
		}
		if len(moves) > perMan*p.Men(p.ToMove()) {
			t.Fatalf("%d moves, bound %d", len(moves), perMan*p.Men(p.ToMove()))
		}
		if len(moves) != len(ref) {
			t.Fatalf("%d moves, the reference finds %d: %s", len(moves), len(ref), p)
		}
		for i, m := range ref {
			if want := mv(m.ff, m.fr, m.tf, m.tr); moves[i] != want {
				t.Fatalf("move %d is %v, the reference's %v: %s", i, moves[i], want, p)
			}
		}
	}
}

// TestMenAreConservedOverWholeGames plays random games and checks the
// total never changes.
func TestMenAreConservedOverWholeGames(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		if rapid.Bool().Draw(t, "hexagon") {
			checkMenConserved(t, drawHexPosition(t))
		} else {
			checkMenConserved(t, drawPosition(t))
		}
	})
}

func checkMenConserved[P anyPosition[P]](t *rapid.T, p P) {
	total := p.Men(0) + p.Men(1)
	for i := 0; i < 200 && p.ToMove() != rules.Terminal; i++ {
		p = p.PlayUnchecked(rapid.SampledFrom(p.AppendMoves(nil)).Draw(t, "move"))
		if got := p.Men(0) + p.Men(1); got != total {
			t.Fatalf("%d men, started with %d", got, total)
		}
	}
}

// TestRE2_CascadeOrderDoesNotMatter resolves the cascade of random moves
// in random positions one firing at a time in a random order, and checks
// the package's result is the same every time.
func TestRE2_CascadeOrderDoesNotMatter(t *testing.T) {
	checkCascadeOrder(t, drawPosition, func(p Position, m refMove, rng *rand.Rand) string {
		return refFrom(p.state).play(m, rng).text()
	})
}

// TestRE4_CascadeOrderDoesNotMatterOnTheHexagon is R-E2's property test
// on the hexagon (sides 3, 4, 6 and 13), against the plain Hexplocus.
func TestRE4_CascadeOrderDoesNotMatterOnTheHexagon(t *testing.T) {
	checkCascadeOrder(t, drawHexPosition, func(p HexPosition, m refMove, rng *rand.Rand) string {
		return hexRefFrom(p.state).play(m, rng).text()
	})
}

// checkCascadeOrder plays random moves from positions draw makes, and
// compares the board after each with the one the reference play gives,
// its cascade resolved in four random orders.
func checkCascadeOrder[P anyPosition[P]](t *testing.T, draw func(*rapid.T) P, play func(P, refMove, *rand.Rand) string) {
	explosions := 0
	rapid.Check(t, func(t *rapid.T) {
		p := draw(t)
		for i := 0; i < 30 && p.ToMove() != rules.Terminal; i++ {
			m := rapid.SampledFrom(p.AppendMoves(nil)).Draw(t, "move")
			next := p.PlayUnchecked(m)
			if _, h := p.At(m.To()); h+m.Count() >= p.Capacity(m.To()) {
				explosions++
			}
			for seed := range uint64(4) {
				rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), seed))
				got := play(p, ref(m), rng)
				if want := board(next); got != want {
					t.Fatalf("%v from %s: order %d gives %s, the package %s", m, p, seed, got, want)
				}
			}
			p = next
		}
	})
	// 100 random games find 50 explosions and more; under -short, rapid
	// plays a fifth as many.
	if want := 50; explosions < want && !testing.Short() || explosions < want/10 {
		t.Fatalf("only %d explosions were tried", explosions)
	}
}

// TestRegistration checks the variants and spec options the registry
// gives for both games against the spec parser.
func TestRegistration(t *testing.T) {
	conformance.CheckRegistration(t, "explocus")
	conformance.CheckRegistration(t, "hexplocus")
}
