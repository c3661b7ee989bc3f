package explocus

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/conformance"
)

// TestRolloutIsThePlayoutInPlace: from the same generator state, Rollout
// plays the very game Sampler.Playout plays, on the square board and the
// hexagon, whole and cut at 12 plies (the bot's depth), and traces its
// moves. A board whose move buffer would not fit declines.
func TestRolloutIsThePlayoutInPlace(t *testing.T) {
	for _, c := range []Config{{Rows: 8, Cols: 8, PlyLimit: 400}, {Rows: 5, Cols: 5, PlyLimit: 2000},
		{Rows: 3, Cols: 7}} {
		conformance.SameGameAsPlayout(t, c.Start(), -1, 20)
		conformance.SameGameAsPlayout(t, c.Start(), 12, 50)
	}
	for _, c := range []Config{{Side: 6, PlyLimit: 400}, {Side: 3, PlyLimit: 2000}} {
		conformance.SameGameAsPlayout(t, c.StartHex(), -1, 20)
		conformance.SameGameAsPlayout(t, c.StartHex(), 12, 50)
	}
	big := Config{Rows: 26, Cols: 26}.Start()
	if big.MaxMoves() > rolloutRoom {
		_, _, _, ok := big.Rollout(rand.New(rand.NewPCG(1, 1)), 12, nil)
		assert.False(t, ok)
	}
}

// TestRolloutResultsAgreeWithRandomPlay: independently seeded, rollouts
// and games played through the contract give the same distribution of
// results (chi-square test of homogeneity at the false-alarm rate 1e-4).
// Random games on the standard boards almost never end (1 of 300 in
// 2,000 plies on 8×8 and on the hexagon of side 6), so the whole games
// compared are on 5×5 and the hexagon of side 3, which end (a win of
// either seat, or a draw at the ply limit); the standard boards' games
// are cut at 12 plies (the bot's depth) and 60, and judged by the
// evaluation of their end for seat 0, as the bot scores them.
func TestRolloutResultsAgreeWithRandomPlay(t *testing.T) {
	conformance.CompareRollout(t, Config{Rows: 5, Cols: 5, PlyLimit: 2000}.Start(), -1, 1000, 1)
	conformance.CompareRollout(t, Config{Side: 3, PlyLimit: 2000}.StartHex(), -1, 1000, 2)
	conformance.CompareRollout(t, New(), 12, 3000, 3)
	conformance.CompareRollout(t, New(), 60, 2000, 4)
	conformance.CompareRollout(t, HexDefault.StartHex(), 12, 3000, 5)
}

func TestRolloutDoesNotAllocate(t *testing.T) {
	s := rules.Sampler[Position, Move]{Rand: rand.New(rand.NewPCG(1, 1))}
	p := New()
	assert.Zero(t, testing.AllocsPerRun(50, func() { s.Rollout(p, 12, nil) }))
	h := rules.Sampler[HexPosition, Move]{Rand: rand.New(rand.NewPCG(1, 1))}
	q := HexDefault.StartHex()
	assert.Zero(t, testing.AllocsPerRun(50, func() { h.Rollout(q, 12, nil) }))
}

// BenchmarkRollout: one op is one random game from the start through the
// entry point the MCTS bot uses (rules.Sampler.Rollout), against the same
// game through the generic loop (Sampler.Playout): whole games with
// plylimit=1000 (as BenchmarkRandomPlayout) and games cut at 12 plies and
// evaluated, as the bot plays them; on 8×8 and the hexagon of side 6.
func BenchmarkRollout(b *testing.B) {
	for _, depth := range []int{-1, 12} {
		name := "/full"
		if depth > 0 {
			name = "/depth=12"
		}
		// Written out for each type, as a caller's code is.
		sq := Config{Rows: 8, Cols: 8, PlyLimit: 1000}.Start()
		b.Run("explocus"+name+"/playout", func(b *testing.B) {
			s := rules.Sampler[Position, Move]{Rand: rand.New(rand.NewPCG(1, 2))}
			for b.Loop() {
				end, _ := s.Playout(sq, depth)
				end.Evaluate(0)
			}
		})
		b.Run("explocus"+name+"/rollout", func(b *testing.B) {
			s := rules.Sampler[Position, Move]{Rand: rand.New(rand.NewPCG(1, 2))}
			for b.Loop() {
				_, end, _ := s.Rollout(sq, depth, nil)
				end.Evaluate(0)
			}
		})
		hex := Config{Side: 6, PlyLimit: 1000}.StartHex()
		b.Run("hexplocus"+name+"/playout", func(b *testing.B) {
			s := rules.Sampler[HexPosition, Move]{Rand: rand.New(rand.NewPCG(1, 2))}
			for b.Loop() {
				end, _ := s.Playout(hex, depth)
				end.Evaluate(0)
			}
		})
		b.Run("hexplocus"+name+"/rollout", func(b *testing.B) {
			s := rules.Sampler[HexPosition, Move]{Rand: rand.New(rand.NewPCG(1, 2))}
			for b.Loop() {
				_, end, _ := s.Rollout(hex, depth, nil)
				end.Evaluate(0)
			}
		})
	}
}
