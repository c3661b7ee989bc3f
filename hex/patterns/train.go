package patterns

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/tabletop-go/rules/hex"
)

// This file fits a Model to games: the features of every candidate move
// of every position, then Coulom's minorization–maximization for the
// generalized Bradley–Terry model, one group of features at a time.

// Game is a game to learn from or to measure on: its start and its
// moves, each legal in turn (a swap included; it is learned from as no
// move, and the stones it moves are seen as they stand after it).
type Game struct {
	Start hex.Position
	Moves []hex.Move
}

// TrainOptions sets how Train fits.
type TrainOptions struct {
	// MinCount is the number of times a large pattern must be the move
	// played for the model to learn it; rarer large patterns fall back to
	// their small pattern, which must be played MinCount times too, and
	// rarer ones to the unknown pattern. Default 20.
	MinCount int
	// Sweeps is the number of minorization–maximization sweeps, each
	// updating one group of features (patterns, the opponent's last
	// stone, the mover's and, with Paths, the path classes) in turn.
	// Default 30.
	Sweeps int
	// Small learns the small patterns alone, none of the large ones:
	// a model whose every weight RingWeights can tabulate, for a playout
	// policy.
	Small bool
	// Paths learns the path classes too (see the package doc): a better
	// predictor of the moves played, but not, as measured, a better
	// prior for the Hex bot. Small and Paths cannot go together, for
	// RingWeights cannot tabulate the path classes.
	Paths bool
	// About is the description the model keeps (Model.About).
	About string
	// Progress, when set, is told after each sweep the mean
	// log-likelihood of the moves played.
	Progress func(sweep int, logLikelihood float64)
}

// position visits every decision of the games on which a cell was
// played: the board as colours, the mover, the cell played, the last two
// stones' cells (-1 where there is none or it has changed colour since).
func positions(games []Game, visit func(cells []hex.Color, cols, rows int, mover hex.Color, played, last, ownLast int)) error {
	var cells [maxCells]hex.Color
	for g, game := range games {
		p := game.Start
		if !p.IsValid() {
			return fmt.Errorf("patterns: game %d has no start", g)
		}
		cols, rows := p.Size()
		history := []int{}
		for ply, m := range game.Moves {
			if err := p.Legal(m); err != nil {
				return fmt.Errorf("patterns: game %d, move %d (%v): %w", g, ply+1, m, err)
			}
			mover := p.ColorOf(p.ToMove())
			if !m.IsSwap() {
				for row := range rows {
					for col := range cols {
						cells[row*cols+col] = p.At(hex.NewSquare(col, row))
					}
				}
				stone := func(back int, c hex.Color) int {
					if len(history) < back || history[len(history)-back] < 0 {
						return -1
					}
					if i := history[len(history)-back]; cells[i] == c {
						return i
					}
					return -1
				}
				played := m.Square().Rank()*cols + m.Square().File()
				visit(cells[:cols*rows], cols, rows, mover, played, stone(1, mover.Other()), stone(2, mover))
				history = append(history, played)
			} else {
				history = append(history, -1)
			}
			p = p.PlayUnchecked(m)
		}
	}
	return nil
}

// Train fits a model to the moves played in games. It fails on a game
// with an illegal move or without a start, and when the games hold no
// move to learn from.
func Train(games []Game, opts TrainOptions) (*Model, error) {
	if opts.MinCount <= 0 {
		opts.MinCount = 20
	}
	if opts.Sweeps <= 0 {
		opts.Sweeps = 30
	}
	if opts.Small && opts.Paths {
		return nil, errors.New("patterns: a model of small patterns alone (Small) cannot have path classes (Paths): RingWeights could not tabulate them")
	}
	// Pass 1: how often each pattern is the move played.
	played := map[uint64]int{}
	var f frame
	err := positions(games, func(cells []hex.Color, cols, rows int, mover hex.Color, at, _, _ int) {
		f.load(cells, cols, rows, mover)
		small, large := f.keys(f.at(at%cols, at/cols, mover))
		played[small]++
		if !opts.Small {
			played[large]++
		}
	})
	if err != nil {
		return nil, err
	}
	var keys []uint64
	for k, n := range played {
		if n >= opts.MinCount {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	ids := make(map[uint64]int32, len(keys))
	for i, k := range keys {
		ids[k] = int32(i + 1)
	}
	// Pass 2: every candidate's features.
	var d data
	lookup := &Model{ids: ids}
	var class [maxCells]uint8
	err = positions(games, func(cells []hex.Color, cols, rows int, mover hex.Color, at, last, ownLast int) {
		f.load(cells, cols, rows, mover)
		if opts.Paths {
			pathClasses(class[:len(cells)], cells, cols, rows, mover)
		}
		d.start = append(d.start, int32(len(d.pattern)))
		for i, c := range cells {
			if c != hex.Empty {
				continue
			}
			if i == at {
				d.chosen = append(d.chosen, int32(len(d.pattern)))
			}
			d.pattern = append(d.pattern, lookup.pattern(&f, f.at(i%cols, i/cols, mover)))
			d.near = append(d.near, uint8(distance(cols, i, last)-1)|uint8(distance(cols, i, ownLast)-1)<<4)
			if opts.Paths {
				d.paths = append(d.paths, class[i])
			}
		}
	})
	if err != nil {
		return nil, err
	}
	if len(d.chosen) == 0 {
		return nil, errors.New("patterns: the games hold no move to learn from")
	}
	d.start = append(d.start, int32(len(d.pattern)))
	w := fit{gamma: make([]float64, len(keys)+1), near: [2][far]float64{{1, 1, 1}, {1, 1, 1}}}
	for i := range w.gamma {
		w.gamma[i] = 1
	}
	for i := range w.paths {
		w.paths[i] = 1
	}
	groups := 3
	if opts.Paths {
		groups = 4
	}
	for sweep := range opts.Sweeps {
		switch sweep % groups {
		case 0:
			d.update(w.gamma, &w, func(j int) int { return int(d.pattern[j]) })
		case 1:
			d.update(w.near[0][:], &w, func(j int) int { return int(d.near[j] & 15) })
		case 2:
			d.update(w.near[1][:], &w, func(j int) int { return int(d.near[j] >> 4) })
		case 3:
			d.update(w.paths[:], &w, func(j int) int { return int(d.paths[j]) })
		}
		// The far classes anchor the scale: a weight of 1.
		for g := range w.near {
			for k := range far {
				w.near[g][k] /= w.near[g][far-1]
			}
		}
		// So does the pair of classes furthest off both players' paths.
		anchor := w.paths[len(w.paths)-1]
		for k := range w.paths {
			w.paths[k] /= anchor
		}
		if opts.Progress != nil {
			opts.Progress(sweep, d.logLikelihood(&w))
		}
	}
	g32 := make([]float32, len(keys))
	for i := range keys {
		g32[i] = weight32(w.gamma[i+1])
	}
	var n32 [2][far]float32
	for g := range w.near {
		for k := range far {
			n32[g][k] = weight32(w.near[g][k])
		}
	}
	var p32 []float32
	if opts.Paths {
		p32 = make([]float32, len(w.paths))
		for k, x := range w.paths {
			p32[k] = weight32(x)
		}
	}
	return newModel(keys, g32, weight32(w.gamma[0]), n32, p32, opts.About), nil
}

// weight32 is x as a float32 weight within [MinWeight, MaxWeight]: a
// feature seen almost never (or always) is weighed as the bound, which
// the file format requires (see MinWeight).
func weight32(x float64) float32 {
	return float32(min(max(x, MinWeight), MaxWeight))
}

// data holds every candidate move of every position learned from: its
// pattern's id, its two distance classes (low and high nibble) and its
// pair of path classes (paths is nil when they are not learned), the
// candidates of position i at [start[i], start[i+1]), the one played at
// chosen[i].
type data struct {
	start, chosen []int32
	pattern       []int32
	near, paths   []uint8
}

// fit holds the weights being fitted, in float64.
type fit struct {
	gamma []float64
	near  [2][far]float64
	paths [PathClasses * PathClasses]float64
}

func (d *data) strength(j int, w *fit) float64 {
	s := w.gamma[d.pattern[j]] * w.near[0][d.near[j]&15] * w.near[1][d.near[j]>>4]
	if d.paths != nil {
		s *= w.paths[d.paths[j]]
	}
	return s
}

// update makes one minorization–maximization step for the group of
// features whose weights are group (a slice of one of w's groups),
// feature of candidate j being feature(j): w_k ← (W_k + 1) / (Σ_i
// C_ik/E_i + 2/(1 + w_k)), where W_k counts the moves played with
// feature k, E_i is the sum of the strengths in position i and C_ik the
// sum of the strengths of its candidates with feature k over w_k. The 1
// and the 2/(1+w_k) are a virtual win and a virtual loss against a move
// of weight 1, so that a feature never played keeps a weight above 0.
func (d *data) update(group []float64, w *fit, feature func(j int) int) {
	wins := make([]float64, len(group))
	denom := make([]float64, len(group))
	for i := range len(d.chosen) {
		from, to := int(d.start[i]), int(d.start[i+1])
		e := 0.0
		for j := from; j < to; j++ {
			e += d.strength(j, w)
		}
		wins[feature(int(d.chosen[i]))]++
		for j := from; j < to; j++ {
			k := feature(j)
			denom[k] += d.strength(j, w) / group[k] / e
		}
	}
	for k := range group {
		group[k] = (wins[k] + 1) / (denom[k] + 2/(1+group[k]))
	}
}

// logLikelihood is the mean log-probability of the moves played.
func (d *data) logLikelihood(w *fit) float64 {
	sum := 0.0
	for i := range len(d.chosen) {
		e := 0.0
		for j := int(d.start[i]); j < int(d.start[i+1]); j++ {
			e += d.strength(j, w)
		}
		sum += math.Log(d.strength(int(d.chosen[i]), w) / e)
	}
	return sum / float64(len(d.chosen))
}

// Accuracy says how often the model's best moves were the moves played.
type Accuracy struct {
	// Positions counts the decisions measured (cells played; no swap).
	Positions int
	// Top[k] counts those whose move played was among the model's k+1
	// best; a cell tied with the move played counts as better.
	Top [10]int
	// LogLikelihood is the mean log-probability of the moves played.
	LogLikelihood float64
}

// Rate returns the share of positions whose move played was among the
// model's k best, for k from 1 to 10.
func (a Accuracy) Rate(k int) float64 {
	if a.Positions == 0 || k < 1 || k > len(a.Top) {
		return 0
	}
	return float64(a.Top[k-1]) / float64(a.Positions)
}

// Measure returns the model's accuracy on the moves played in games.
func (m *Model) Measure(games []Game) (Accuracy, error) {
	var a Accuracy
	var w [maxCells]float32
	var failed error
	err := positions(games, func(cells []hex.Color, cols, rows int, mover hex.Color, at, last, ownLast int) {
		if err := m.Weights(w[:len(cells)], cells, cols, rows, mover, last, ownLast); err != nil {
			failed = err
			return
		}
		better, sum := 0, 0.0
		for i, c := range cells {
			sum += float64(w[i])
			if c == hex.Empty && i != at && w[i] >= w[at] {
				better++
			}
		}
		a.Positions++
		for k := better; k < len(a.Top); k++ {
			a.Top[k]++
		}
		a.LogLikelihood += math.Log(float64(w[at]) / sum)
	})
	if err == nil {
		err = failed
	}
	if a.Positions > 0 {
		a.LogLikelihood /= float64(a.Positions)
	}
	return a, err
}
