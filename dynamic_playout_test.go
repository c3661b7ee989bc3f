package rules_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/domination"
	"github.com/tabletop-go/rules/focus"
	"github.com/tabletop-go/rules/hex"
)

// TestDynamicPlayoutIsTheTypedPlayout: from the same generator state,
// Dynamic.Playout plays the very game rules.Sampler.Playout plays on the
// typed position (chance outcomes too), stops at maxPlies, and from a
// finished game plays nothing; RandomMove draws as Sampler.Move does.
func TestDynamicPlayoutIsTheTypedPlayout(t *testing.T) {
	check := func(name string, d rules.Dynamic, typed func(r *rand.Rand, maxPlies int) (string, int)) {
		t.Helper()
		for seed := range uint64(20) {
			for _, maxPlies := range []int{-1, 0, 1, 7} {
				end, plies := d.Playout(rand.New(rand.NewPCG(seed, 1)), maxPlies)
				want, wantPlies := typed(rand.New(rand.NewPCG(seed, 1)), maxPlies)
				require.Equal(t, want, end.String(), "%s seed %d max %d", name, seed, maxPlies)
				require.Equal(t, wantPlies, plies, "%s seed %d max %d", name, seed, maxPlies)
				if maxPlies >= 0 {
					require.LessOrEqual(t, plies, maxPlies)
				}
				if maxPlies < 0 {
					require.True(t, end.Outcome().Over(), "%s seed %d: a whole playout ends the game", name, seed)
					again, n := end.Playout(rand.New(rand.NewPCG(seed, 2)), -1)
					require.Zero(t, n)
					require.Equal(t, end.String(), again.String())
					require.Equal(t, "", end.RandomMove(nil))
				}
			}
		}
	}
	h := hex.Sized(5).Start()
	check("hex", mustErase(t, h), func(r *rand.Rand, maxPlies int) (string, int) {
		s := rules.Sampler[hex.Position, hex.Move]{Rand: r}
		end, n := s.Playout(h, maxPlies)
		return end.String(), n
	})
	dom := domination.New()
	check("domination", mustErase(t, dom), func(r *rand.Rand, maxPlies int) (string, int) {
		s := rules.Sampler[domination.Position, domination.Move]{Rand: r}
		end, n := s.Playout(dom, maxPlies)
		return end.String(), n
	})
	f := focus.Config{PlyLimit: 40}.Start()
	check("focus", mustErase(t, f), func(r *rand.Rand, maxPlies int) (string, int) {
		s := rules.Sampler[focus.Position, focus.Move]{Rand: r}
		end, n := s.Playout(f, maxPlies)
		return end.String(), n
	})
	d := mustErase(t, f)
	for seed := range uint64(20) {
		s := rules.Sampler[focus.Position, focus.Move]{Rand: rand.New(rand.NewPCG(seed, 3))}
		m, _ := s.Move(f)
		assert.Equal(t, m.String(), d.RandomMove(rand.New(rand.NewPCG(seed, 3))))
	}
}

// TestDynamicPlayoutAndRandomMoveDoNotAllocate: their move buffers are
// pooled (RandomMove allocated one per call); only the result's text
// and box remain, on the fast path of an ExactRollout too.
func TestDynamicPlayoutAndRandomMoveDoNotAllocate(t *testing.T) {
	if raceEnabled {
		t.Skip("sync.Pool drops items under the race detector")
	}
	d := mustErase(t, focus.New())
	r := rand.New(rand.NewPCG(1, 1))
	assert.LessOrEqual(t, testing.AllocsPerRun(200, func() { d.RandomMove(r) }), 1.0, "the move's text only")
	assert.LessOrEqual(t, testing.AllocsPerRun(200, func() { d.Playout(r, 10) }), 1.0, "the end's box only")
	h := mustErase(t, hex.Sized(5).Start())
	assert.LessOrEqual(t, testing.AllocsPerRun(200, func() { h.Playout(r, 10) }), 1.0, "the end's box only")
}

func mustErase[P rules.Position[P, M], M rules.Move](t *testing.T, p P) rules.Dynamic {
	t.Helper()
	d, err := rules.Erase(p)
	require.NoError(t, err)
	return d
}

// TestDynamicRolloutIsTheTypedRollout: from the same generator state,
// Dynamic.Rollout finds the outcome rules.Sampler.Rollout finds on the
// typed position (the game's fast path where it has one), and a cut game
// is NotOver.
func TestDynamicRolloutIsTheTypedRollout(t *testing.T) {
	f := focus.Config{PlyLimit: 60}.Start()
	h := hex.Sized(6).Start()
	df, dh := mustErase(t, f), mustErase(t, h)
	for seed := range uint64(30) {
		for _, maxPlies := range []int{-1, 3} {
			sf := rules.Sampler[focus.Position, focus.Move]{Rand: rand.New(rand.NewPCG(seed, 5))}
			want, _, _ := sf.Rollout(f, maxPlies, nil)
			require.Equal(t, want, df.Rollout(rand.New(rand.NewPCG(seed, 5)), maxPlies), "focus seed %d max %d", seed, maxPlies)
			sh := rules.Sampler[hex.Position, hex.Move]{Rand: rand.New(rand.NewPCG(seed, 5))}
			want, _, _ = sh.Rollout(h, maxPlies, nil)
			require.Equal(t, want, dh.Rollout(rand.New(rand.NewPCG(seed, 5)), maxPlies), "hex seed %d max %d", seed, maxPlies)
		}
		assert.False(t, df.Rollout(rand.New(rand.NewPCG(seed, 6)), 3).Over(), "cut after 3 plies of 60")
		assert.True(t, dh.Rollout(rand.New(rand.NewPCG(seed, 6)), -1).Over())
	}
}
