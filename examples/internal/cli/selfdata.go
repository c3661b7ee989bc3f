package cli

import (
	"errors"
	"fmt"
	"strings"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/examples/bot"
	"github.com/tabletop-go/rules/examples/internal/npz"
)

// dataset writes selfplay's -data file: a row of every array for each
// decision position the bots played, streamed through npz so that its
// memory does not grow with the rows (a game's movers wait for its end,
// which gives their values). See Selfplay for the arrays.
type dataset struct {
	w                                                     *npz.Writer
	observations, masks, policies, values, actions, seats *npz.Array
	games, plies, finished                                *npz.Array
	numActions, obsSize                                   int
	shape                                                 []int
	obs, policy                                           []float32
	mask                                                  []bool
	visits                                                []bot.ActionVisit
	movers                                                []rules.Player // the current game's, row by row
	returns                                               []float32
	over                                                  []bool
	rows                                                  int64
}

// newDataset creates the file at path for positions of start's game and
// variant, whose action space and observation shape every row shares.
func newDataset(path string, start rules.Dynamic) (*dataset, error) {
	if g, err := rules.Lookup(start.Spec()); err == nil && !g.Kit {
		return nil, &rules.NotSupportedError{Game: g.Name, What: "-data (training data needs the search-and-learning kit)"}
	}
	shape := start.ObservationShape()
	numActions := start.NumActions()
	size := 1
	for _, s := range shape {
		size *= s
	}
	if len(shape) != 3 || size <= 0 || numActions <= 0 {
		return nil, fmt.Errorf("%s has no observation or action space (shape %v, %d actions)", start.Spec(), shape, numActions)
	}
	w, err := npz.Create(path)
	if err != nil {
		return nil, err
	}
	d := &dataset{w: w, numActions: numActions, obsSize: size, shape: shape,
		obs: make([]float32, 0, size), policy: make([]float32, numActions), mask: make([]bool, numActions),
		visits: make([]bot.ActionVisit, 0, start.MaxMoves())}
	for _, a := range []struct {
		p     **npz.Array
		name  string
		dtype npz.DType
		shape []int
	}{
		{&d.observations, "observations", npz.Float32, shape},
		{&d.masks, "masks", npz.Bool, []int{numActions}},
		{&d.policies, "policies", npz.Float32, []int{numActions}},
		{&d.values, "values", npz.Float32, nil},
		{&d.actions, "actions", npz.Int32, nil},
		{&d.seats, "seats", npz.Int8, nil},
		{&d.games, "games", npz.Int32, nil},
		{&d.plies, "plies", npz.Int32, nil},
		{&d.finished, "finished", npz.Bool, nil},
	} {
		if *a.p, err = w.Add(a.name, a.dtype, a.shape...); err != nil {
			w.Abort()
			return nil, err
		}
	}
	return d, nil
}

// record writes the rows of decision position pos of game number game,
// where player chose move, all but the value, which endGame writes.
func (d *dataset) record(pos rules.Dynamic, player bot.Dynamic, move string, game int) error {
	mover := pos.ToMove()
	d.obs = append(d.obs[:0], pos.Observation(mover)...)
	if len(d.obs) != d.obsSize {
		return fmt.Errorf("an observation of %d values, not %v as the game's start says", len(d.obs), d.shape)
	}
	clear(d.mask)
	legal := pos.LegalActions()
	for _, a := range legal {
		if a < 0 || a >= d.numActions {
			return fmt.Errorf("legal action %d outside [0, %d)", a, d.numActions)
		}
		d.mask[a] = true
	}
	action, err := pos.ActionIndex(move)
	if err != nil {
		return err
	}
	if action < 0 || action >= d.numActions || !d.mask[action] {
		return fmt.Errorf("move %s has action %d, not a legal one", move, action)
	}
	if err := d.fillPolicy(player, legal); err != nil {
		return err
	}
	d.movers = append(d.movers, mover)
	return errors.Join(
		d.observations.Float32(d.obs...),
		d.masks.Bool(d.mask...),
		d.policies.Float32(d.policy...),
		d.actions.Int(action),
		d.seats.Int(int(mover)),
		d.games.Int(game),
		d.plies.Int(pos.Ply()),
	)
}

// fillPolicy sets d.policy to the search's root visits normalised, for a
// searching bot, else to the uniform distribution over the legal actions
// (what a random bot draws from).
func (d *dataset) fillPolicy(player bot.Dynamic, legal []int) error {
	clear(d.policy)
	if s, ok := player.(bot.Searcher); ok {
		d.visits = s.AppendRootVisits(d.visits[:0])
		total := 0
		for _, v := range d.visits {
			if v.Action < 0 || v.Action >= d.numActions || !d.mask[v.Action] {
				return fmt.Errorf("the search visited action %d, not a legal one", v.Action)
			}
			total += v.Visits
		}
		if total > 0 {
			for _, v := range d.visits {
				d.policy[v.Action] = float32(float64(v.Visits) / float64(total))
			}
			return nil
		}
		return errors.New("the search reported no visits")
	}
	for _, a := range legal {
		d.policy[a] = float32(1 / float64(len(legal)))
	}
	return nil
}

// endGame writes the values of the game's rows: each mover's return in
// the final position's outcome (Outcome.Return: +1 a win, -1 a loss, 0 a
// draw in two-player games), or 0 for every row of a game left
// unfinished (-maxplies); and whether the game ended.
func (d *dataset) endGame(final rules.Dynamic) error {
	o := final.Outcome()
	d.returns, d.over = d.returns[:0], d.over[:0]
	for _, m := range d.movers {
		v := float32(0)
		if o.Over() {
			v = float32(o.Return(m))
		}
		d.returns = append(d.returns, v)
		d.over = append(d.over, o.Over())
	}
	d.rows += int64(len(d.movers))
	d.movers = d.movers[:0]
	return errors.Join(d.values.Float32(d.returns...), d.finished.Bool(d.over...))
}

// close writes the archive.
func (d *dataset) close() error { return d.w.Close() }

// abort removes the file.
func (d *dataset) abort() { d.w.Abort() }

// dataFlagError checks -data's value: a .npz file name (numpy.savez's
// suffix), which also catches a forgotten value that swallowed the next
// flag (-data -games 3).
func dataFlagError(path string) error {
	if path == "" || strings.HasSuffix(path, ".npz") {
		return nil
	}
	return fmt.Errorf("-data must name a .npz file, not %q", path)
}
