package conformance_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tabletop-go/rules"
)

// FuzzDynamic drives the whole rules.Dynamic surface with a stranger's
// values: a spec, a position text, a move text and two integers (a
// symmetry or an action index, and a seat). Nothing may panic, and the
// calls must agree with each other: Legal with Play, Canonical with
// ActionIndex and ActionMove, Transform with TransformMove and
// ActionPermutation, a position's text with the position it reads back
// to.
func FuzzDynamic(f *testing.F) {
	for _, specs := range registrySpecs(f) {
		for i, spec := range specs {
			d, err := rules.Open(spec)
			if err != nil {
				f.Fatal(err)
			}
			r := rand.New(rand.NewPCG(uint64(i), 11))
			for ply := 0; ply < 12 && d.Node() != rules.TerminalNode; ply++ {
				move := d.RandomMove(r)
				if ply%4 == 0 {
					f.Add(spec, d.String(), move, int64(ply%9), int64(ply%3))
				}
				if d, err = d.Play(move); err != nil {
					f.Fatal(err)
				}
			}
			f.Add(spec, d.String(), "a1", int64(-1), int64(7))
			// The edges of the action spaces and of the symmetries.
			f.Add(spec, "", "", int64(d.NumActions()), int64(d.Seats()))
			f.Add(spec, "", "", int64(d.NumActions()-1), int64(d.Seats()-1))
			f.Add(spec, "", "", int64(d.NumChanceActions()), int64(0))
			f.Add(spec, "", "", int64(d.Symmetries()), int64(0))
			f.Add(spec, "", "", int64(d.Symmetries()-1), int64(0))
		}
	}
	f.Add("hex(size=3)", "", "swap", int64(1), int64(0))
	f.Add("hex(size=3,swap=none)", "", "swap", int64(1), int64(0)) // well formed, no index
	f.Add("focus", "", "a1-a2", int64(2), int64(0))                // a cut-off corner: no index
	f.Add("focus", "", "c3-c5", int64(1<<40), int64(-1))
	f.Add("domination", "", "5-2", int64(3), int64(1))
	f.Add("nogame", "x", "", int64(0), int64(0))
	f.Fuzz(func(t *testing.T, spec, position, move string, n, seat int64) {
		d, err := rules.Open(spec)
		if err != nil {
			if _, err2 := rules.OpenPosition(spec, position); err2 == nil {
				t.Fatalf("Open(%q) fails (%v) but OpenPosition with %q does not", spec, err, position)
			}
			return
		}
		if position != "" {
			if p, err := rules.OpenPosition(spec, position); err == nil {
				back, err := rules.OpenPosition(spec, p.String())
				if err != nil {
					t.Fatalf("%s: the text %q of a position read back: %v", spec, p.String(), err)
				}
				if back.String() != p.String() || back.Hash() != p.Hash() {
					t.Fatalf("%s: %q read back as %q (hash %x, was %x)", spec, p.String(), back.String(), back.Hash(), p.Hash())
				}
				d = p
			}
		}
		g, _ := rules.Lookup(spec)
		checkMove(t, d, move, g.Kit)
		checkPlayout(t, d, int(n), uint64(seat))
		if !g.Kit {
			checkNoKit(t, d, int(n), move)
			return
		}
		checkActions(t, d, int(n))
		checkSymmetry(t, d, int(n), move)
		checkObservation(t, d, rules.Player(seat))
	})
}

// checkPlayout: a random playout of at most maxPlies plies (n mod 64)
// plays that many or ends the game, on legal moves (its end reads back
// as a position of the variant), and leaves its start as it was; a
// playout and a rollout from a finished game play nothing.
func checkPlayout(t *testing.T, d rules.Dynamic, n int, seed uint64) {
	t.Helper()
	maxPlies := ((n % 64) + 64) % 64
	before := d.String()
	end, plies := d.Playout(rand.New(rand.NewPCG(seed, 5)), maxPlies)
	if d.String() != before {
		t.Fatalf("%s: Playout changed its start %q to %q", d.Spec(), before, d.String())
	}
	if plies < 0 || plies > maxPlies || plies < maxPlies && end.Node() != rules.TerminalNode {
		t.Fatalf("%s at %q: Playout(%d) played %d plies to %q", d.Spec(), before, maxPlies, plies, end.String())
	}
	if back, err := rules.OpenPosition(d.Spec(), end.String()); err != nil || back.String() != end.String() {
		t.Fatalf("%s: a playout's end %q reads back as %v (%v)", d.Spec(), end.String(), back, err)
	}
	if end.Node() != rules.TerminalNode {
		return // a whole random game of Focus or Explocus may take very long
	}
	if o := end.Rollout(rand.New(rand.NewPCG(seed, 6)), -1); o != end.Outcome() {
		t.Fatalf("%s: a rollout from the finished game %q gives %v, not its outcome %v", d.Spec(), end.String(), o, end.Outcome())
	}
}

// checkNoKit: every kit method of a game with only the rules refuses with
// ErrNotSupported or reports nothing.
func checkNoKit(t *testing.T, d rules.Dynamic, i int, move string) {
	t.Helper()
	refuse := func(what string, err error) {
		if !errors.Is(err, rules.ErrNotSupported) {
			t.Fatalf("%s, a game without the kit: %s gives %v, want ErrNotSupported", d.Spec(), what, err)
		}
	}
	_, err := d.ActionIndex(move)
	refuse("ActionIndex", err)
	_, err = d.ActionMove(i)
	refuse("ActionMove", err)
	_, err = d.ChanceMove(i)
	refuse("ChanceMove", err)
	_, err = d.PlayAction(i)
	refuse("PlayAction", err)
	refuse("LegalActionMask", d.LegalActionMask(make([]bool, max(0, min(i, 64)))))
	_, err = d.Transform(i)
	refuse("Transform", err)
	_, err = d.TransformMove(i, move)
	refuse("TransformMove", err)
	_, err = d.ActionPermutation(i)
	refuse("ActionPermutation", err)
	_, ok := d.Evaluate(0)
	switch {
	case ok, d.NumActions() != 0, d.NumChanceActions() != 0, d.Symmetries() != 0, len(d.LegalActions()) != 0,
		len(d.AppendLegalActions(nil)) != 0, len(d.Observation(0)) != 0, len(d.AppendObservation(nil, 0)) != 0,
		!slices.Equal(d.ObservationShape(), []int{0, 0, 0}):
		t.Fatalf("%s, a game without the kit, reports a kit", d.Spec())
	}
}

// checkMove: Canonical, Legal, Play, PlayCanonical and ActionIndex agree
// on one text.
func checkMove(t *testing.T, d rules.Dynamic, move string, kit bool) {
	t.Helper()
	canon, errC := d.Canonical(move)
	errL := d.Legal(move)
	next, canon2, errP := d.PlayCanonical(move)
	if (errL == nil) != (errP == nil) {
		t.Fatalf("%s at %q: Legal(%q) = %v but Play gives %v", d.Spec(), d.String(), move, errL, errP)
	}
	if d.Node() == rules.TerminalNode && !errors.Is(errL, rules.ErrGameOver) {
		t.Fatalf("%s at the end %q: Legal(%q) = %v, want a game-over error", d.Spec(), d.String(), move, errL)
	}
	var syntax *rules.SyntaxError
	if errC != nil && !errors.As(errC, &syntax) {
		t.Fatalf("%s: Canonical(%q) = %v, not a *SyntaxError", d.Spec(), move, errC)
	}
	index, errA := d.ActionIndex(move)
	if errA != nil && index != -1 {
		t.Fatalf("%s: ActionIndex(%q) gives %d with its error %v, want -1", d.Spec(), move, index, errA)
	}
	if errC != nil && errA == nil {
		t.Fatalf("%s: Canonical(%q) refuses it (%v) but ActionIndex gives %d", d.Spec(), move, errC, index)
	}
	if kit && errA == nil {
		am, _ := d.ActionMove(index)
		cm, _ := d.ChanceMove(index)
		if canon != am && canon != cm {
			t.Fatalf("%s: %q (canonical %q) has index %d, whose moves are %q and chance %q", d.Spec(), move, canon, index, am, cm)
		}
	}
	if errP != nil {
		return
	}
	if errC != nil || canon2 != canon {
		t.Fatalf("%s: %q played as %q but Canonical gives %q, %v", d.Spec(), move, canon2, canon, errC)
	}
	if !slices.Contains(d.Moves(), canon) {
		t.Fatalf("%s at %q: %q is legal but not in Moves %q", d.Spec(), d.String(), canon, d.Moves())
	}
	if kit && (errA != nil || !slices.Contains(d.LegalActions(), index)) {
		t.Fatalf("%s at %q: legal %q has index %d (%v), not among the legal actions %v", d.Spec(), d.String(), move, index, errA, d.LegalActions())
	}
	if again, err := d.Play(canon); err != nil || again.String() != next.String() || again.Hash() != next.Hash() {
		t.Fatalf("%s: %q and its canonical %q play differently (%v)", d.Spec(), move, canon, err)
	}
	if next.Ply() != d.Ply()+1 {
		t.Fatalf("%s: ply %d after a move at ply %d", d.Spec(), next.Ply(), d.Ply())
	}
}

// checkActions: an index is refused outside its space, and inside it
// names a move whose index it is.
func checkActions(t *testing.T, d rules.Dynamic, i int) {
	t.Helper()
	move, err := d.ActionMove(i)
	if (err == nil) != (i >= 0 && i < d.NumActions()) {
		t.Fatalf("%s: ActionMove(%d) = %q, %v with %d actions", d.Spec(), i, move, err, d.NumActions())
	}
	if err == nil {
		if back, err := d.ActionIndex(move); err != nil || back != i {
			t.Fatalf("%s: ActionMove(%d) = %q, whose index is %d (%v)", d.Spec(), i, move, back, err)
		}
	}
	chance, err := d.ChanceMove(i)
	if (err == nil) != (i >= 0 && i < d.NumChanceActions()) {
		t.Fatalf("%s: ChanceMove(%d) = %q, %v with %d chance actions", d.Spec(), i, chance, err, d.NumChanceActions())
	}
	if err == nil {
		if back, err := d.ActionIndex(chance); err != nil || back != i {
			t.Fatalf("%s: ChanceMove(%d) = %q, whose index is %d (%v)", d.Spec(), i, chance, back, err)
		}
	}
	// PlayAction(i) is Play of the move (or chance outcome) of index i.
	text := move
	if d.Node() == rules.ChanceNode {
		text = chance
	}
	played, errPA := d.PlayAction(i)
	want, errWant := d.Play(text)
	if text == "" {
		errWant = errors.New("no move of that index")
		if d.Node() == rules.TerminalNode {
			errWant = d.Legal("")
		}
	}
	if (errPA == nil) != (errWant == nil) || errPA == nil && (played.String() != want.String() || played.Hash() != want.Hash()) {
		t.Fatalf("%s at %q: PlayAction(%d) = %v, %v; Play(%q) = %v, %v", d.Spec(), d.String(), i, played, errPA, text, want, errWant)
	}
	if d.Node() == rules.TerminalNode && !errors.Is(errPA, rules.ErrGameOver) {
		t.Fatalf("%s at the end %q: PlayAction(%d) = %v, want a game-over error", d.Spec(), d.String(), i, errPA)
	}
	if errPA != nil && text != "" && d.Node() != rules.TerminalNode && errPA.Error() != errWant.Error() {
		t.Fatalf("%s at %q: PlayAction(%d) refuses with %v, Play(%q) with %v", d.Spec(), d.String(), i, errPA, text, errWant)
	}
	legal := d.LegalActions()
	if !slices.IsSorted(legal) || len(legal) != len(d.Moves()) {
		t.Fatalf("%s at %q: legal actions %v for moves %q", d.Spec(), d.String(), legal, d.Moves())
	}
	if d.Node() != rules.ChanceNode && int(d.Perft(1)) != len(legal) {
		t.Fatalf("%s at %q: perft 1 is %d for %d legal actions", d.Spec(), d.String(), d.Perft(1), len(legal))
	}
}

// checkSymmetry: k is a symmetry exactly inside [0, Symmetries); a legal
// move's image is legal in the image, with the index ActionPermutation
// gives.
func checkSymmetry(t *testing.T, d rules.Dynamic, k int, move string) {
	t.Helper()
	image, err := d.Transform(k)
	inside := k >= 0 && k < d.Symmetries()
	perm, errPerm := d.ActionPermutation(k)
	_, errMove := d.TransformMove(k, move)
	if (err == nil) != inside || (errPerm == nil) != inside || !inside && errMove == nil {
		t.Fatalf("%s: symmetry %d of %d: Transform %v, ActionPermutation %v, TransformMove %v", d.Spec(), k, d.Symmetries(), err, errPerm, errMove)
	}
	if !inside {
		return
	}
	if len(perm) != d.NumActions() {
		t.Fatalf("%s: permutation %d has %d entries for %d actions", d.Spec(), k, len(perm), d.NumActions())
	}
	if image.Node() != d.Node() || image.ToMove() != d.ToMove() || image.Outcome() != d.Outcome() || len(image.Moves()) != len(d.Moves()) {
		t.Fatalf("%s: symmetry %d of %q is %q: another node, seat, outcome or number of moves", d.Spec(), k, d.String(), image.String())
	}
	if k == 0 && (image.String() != d.String() || image.Hash() != d.Hash()) {
		t.Fatalf("%s: the identity of %q is %q", d.Spec(), d.String(), image.String())
	}
	if d.Legal(move) != nil {
		return
	}
	moved, err := d.TransformMove(k, move)
	if err != nil {
		t.Fatalf("%s: TransformMove(%d, %q) of a legal move: %v", d.Spec(), k, move, err)
	}
	if err := image.Legal(moved); err != nil {
		t.Fatalf("%s: %q under symmetry %d is %q, illegal in %q: %v", d.Spec(), move, k, moved, image.String(), err)
	}
	if d.Node() != rules.DecisionNode {
		return
	}
	from, _ := d.ActionIndex(move)
	to, _ := image.ActionIndex(moved)
	if perm[from] != to {
		t.Fatalf("%s: symmetry %d takes action %d to %d, but its move %q to %q of index %d", d.Spec(), k, from, perm[from], move, moved, to)
	}
}

// checkObservation: a seat of the game sees a tensor of the shape
// ObservationShape gives; any other value sees nothing.
func checkObservation(t *testing.T, d rules.Dynamic, seat rules.Player) {
	t.Helper()
	obs := d.Observation(seat)
	size := 1
	for _, n := range d.ObservationShape() {
		size *= n
	}
	if !seat.IsSeat() || int(seat) >= d.Seats() {
		size = 0
	}
	if len(obs) != size {
		t.Fatalf("%s: seat %d's observation has %d values, want %d", d.Spec(), seat, len(obs), size)
	}
}

// TestPlayActionGivesPlaysErrors: an index in range whose move is not
// legal here gets Play's own error (ErrIllegal), at a decision node and
// at a chance node; an index out of range is refused; after the end every
// index gets ErrGameOver.
func TestPlayActionGivesPlaysErrors(t *testing.T) {
	d, err := rules.Open("hex(size=3,swap=none)")
	if err != nil {
		t.Fatal(err)
	}
	if d, err = d.Play("b2"); err != nil {
		t.Fatal(err)
	}
	i, _ := d.ActionIndex("b2")
	_, errPA := d.PlayAction(i)
	_, errP := d.Play("b2")
	if errPA == nil || !errors.Is(errPA, rules.ErrIllegal) || errPA.Error() != errP.Error() {
		t.Errorf("PlayAction(%d) of an occupied cell: %v, want Play's %v", i, errPA, errP)
	}
	dom, err := rules.Open("domination") // starts at a draw
	if err != nil {
		t.Fatal(err)
	}
	tile := dom.Moves()[0]
	j, _ := dom.ActionIndex(tile)
	if dom, err = dom.PlayAction(j); err != nil {
		t.Fatal(err)
	}
	for dom.Node() != rules.ChanceNode {
		if dom, err = dom.Play(dom.Moves()[0]); err != nil {
			t.Fatal(err)
		}
	}
	_, errPA = dom.PlayAction(j) // the tile drawn already
	_, errP = dom.Play(tile)
	if errPA == nil || errP == nil || !errors.Is(errPA, rules.ErrIllegal) || errPA.Error() != errP.Error() {
		t.Errorf("PlayAction(%d) of a drawn tile: %v, want Play's %v", j, errPA, errP)
	}
	for _, k := range []int{-1, dom.NumChanceActions(), 1 << 40} {
		if _, err := dom.PlayAction(k); err == nil {
			t.Errorf("chance PlayAction(%d) plays", k)
		}
	}
	end, err := rules.Open("hex(size=2x1,swap=none)")
	if err != nil {
		t.Fatal(err)
	}
	if end, err = end.PlayAction(0); err != nil || end.Node() != rules.TerminalNode {
		t.Fatal(end, err)
	}
	for _, k := range []int{-1, 0, 1, 99} {
		if _, err := end.PlayAction(k); !errors.Is(err, rules.ErrGameOver) {
			t.Errorf("PlayAction(%d) at the end: %v", k, err)
		}
	}
}
