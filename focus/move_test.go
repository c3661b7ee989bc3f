package focus

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A Move converted from an integer with bits no constructor sets prints
// as such, not as the move its low bits spell (Move(4803) used to print
// "d2-d1"), and no variant takes it.
func TestMoveString_OfAValueNoConstructorReturns(t *testing.T) {
	var starts []anyKit
	for _, spec := range []string{"focus", "focus(swap=true)", "focus(nowak=true)", "focus(setup=drop)", "focus(players=4,teams=true)"} {
		c, err := ParseSpec(spec)
		require.NoError(t, err)
		var p anyKit = c.Start()
		if c.Nowak {
			p = c.StartNowak()
		}
		require.True(t, p.IsValid(), spec)
		starts = append(starts, p)
	}
	for _, m := range []Move{4803, 1<<24 | 5<<12 | 3, 1<<24 | 1<<6 | 3, 2<<24 | 1<<12 | 2, 2<<24 | 10<<6 | 3, 3<<24 | 1<<20, Pass + 1, 7 << 24} {
		assert.Equal(t, "Move("+strconv.FormatUint(uint64(m), 10)+")", m.String())
		for _, p := range starts {
			assert.Error(t, p.Legal(m), "%s at %s", m, p.Config())
		}
	}
	for _, m := range []Move{StackMove(3, 4), Drop(9), SwapMove(10, 3), NowakTurn(1, 2, 3), Pass, Drop(9) | 4<<12} {
		assert.NotContains(t, m.String(), "Move(")
	}
}
