package focus_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules/focus"
)

// finishedGoldens are finished positions of every way a game of Focus
// ends, each with its hash FROZEN from the code as of the commit that
// added this file (240c8ea, "The game site is a package ..."). The hash
// of a finished position mixes the ending's reason through reasonKey,
// whose numbers (elimination 3, short game 6, team passed 7) are the
// ones the reasons had before the games named their own, so that hashes
// stored anywhere (transposition tables, opening books, data sets) stay
// valid. These hashes must never change; a failure here means hashes
// moved, not that the constants want updating.
//
// The eliminations were reached by play that prefers the move Evaluate
// likes best (one move in five at random, seed (1, 1)); the short games
// by uniformly random play (rules.Sampler.Playout, seed (1, 1)); the
// two-seat ending and the ply-limit draws by the same preferring play,
// but the last, whose two plies are the drops *a4 and *h5.
var finishedGoldens = []struct {
	name, spec, text string
	reason, result   string
	hash             uint64
}{
	{"elimination, three seats", "focus(players=3)",
		"focus(players=3) 4/1B4/8/abccB7/3caB4/8/6/4 B 0,0,0 B6C5,A3C5,A8B3 277 won:B:elimination",
		"elimination", "0-1-0", 0xcaa90ff678ecc790},
	{"elimination, four seats", "focus(players=4)",
		"focus(players=4) 4/6/8/2bD1D3/3bbcaD4/8/3bD2/4 D 0,0,0,0 B4C4D3,A2C4D4,A6B4D2,A4B1C4 653 won:D:elimination",
		"elimination", "0-0-0-1", 0x14d3e256799a388d},
	{"elimination, two teams", "focus(players=4,teams=true)",
		"focus(players=4,teams=true) 4/6/dA4dC2/8/6bbC1/2A1badbC3/6/4 D 0,0,0,0 B3D6,A4C7,B6D4,A6C3 415 passed:BD won:C:elimination",
		"elimination", "1-0-1-0", 0x4286fa3ca1d7ec2f},
	{"short game, three seats", "focus(players=3,short=true)",
		"focus(players=3,short=true) CC1A/B1CcC2/4B1CaA/A3babbA1C1/1CaA1B3/5baB2/6/2BaaB B 0,0,0 B1C4,A1C1,A1B2 871 gains:5,1,2 won:A:short",
		"short game", "1-0-0", 0xaf0a79dc5ff01aa},
	{"short game, four seats", "focus(players=4,short=true)",
		"focus(players=4,short=true) A1D1/2D1AbB/dbaD2cB2C1/2cbacCcD4/2B2A1B/3A4/caddB3bbBA/1cB1D C 0,0,0,0 C3,A2C2D3,A3B1D2,0 494 gains:1,1,2,1 won:B:short",
		"short game", "0-1-0-0", 0xbd583ef4a7df715e},
	{"short game, two teams", "focus(players=4,teams=true,short=true)",
		"focus(players=4,teams=true,short=true) 2bA1/bBA1ACbD/AACD4/3AA1dacaB1/1ddbcC1D1A2/2DBdDADbC/cA2dD2/3C C 0,2,0,0 B3D1,A1C5,0,0 170 gains:2,5,3,0 won:B:short",
		"short game", "0-1-0-1", 0xaf14baf987d7368},
	{"team passed", "focus(players=4,teams=true)",
		teamPassedEnd, "team passed", "1-0-1-0", teamPassedHash},
	{"no legal move, two seats", "focus",
		"4/2abbA3/3A1baabAbbA1/1bbAA3A1/5A2/A2A4/6/4 B 1,0 10,4 59",
		"no legal move", "1-0", 0xc2bda8f374021f95},
	{"ply limit, two seats", "focus(plylimit=12)",
		"focus(plylimit=12) 4/aBAB1aaBA/2B1ABB1/1AAB1AA1/1BBA1baBbA1/1AABB1A1/bbA1A1BB/4 A 0,0 0,0 12",
		"ply limit", "1/2-1/2", 0x18408d2d6b756d9a},
	{"ply limit, three seats", "focus(players=3,plylimit=9)",
		"focus(players=3,plylimit=9) 4/A1BBcC1/1BbACCAaB1/1CCAAB2/1AABBCC1/aBBBCcA1AC/1cCAABB/4 A 0,0,0 0,0,0 9",
		"ply limit", "1/2-1/2-1/2", 0xccbeb20dc622f310},
	// Ended by the ply limit while C still owes its first drop, so the
	// result state (with the reason's key, 0 for the ply limit) is mixed.
	{"ply limit, a first drop owed", "focus(players=3,plylimit=2)",
		"focus(players=3,plylimit=2) 4/AABBCC/1BBCCAA1/1CCAABBB/AAABBCC1/1BBCCAA1/CCAABB/4 C 0,0,1 0,0,0 2 first:C",
		"ply limit", "1/2-1/2-1/2", 0x6387e3c1b72edc52},
}

// The team-passed game: C holds every stack and team AC passed at its
// last turn; B passes, C plays e5-e6 (uncovering B's piece) and D, B's
// partner, passes at the team's next turn, so team BD loses. The start,
// the end and the end's hash are frozen as above.
const (
	teamPassedStart = "focus(players=4,teams=true) 4/6/6dC1/4bC3/8/2aC5/6/4 B 0,0,0,0 D12,A12,B12,C10 201 passed:AC"
	teamPassedEnd   = "focus(players=4,teams=true) 4/6/4C1dC1/4B3/8/2aC5/6/4 A 0,0,0,0 D12,A12,B12,C10 204 passed:BD won:A:passes"
	teamPassedHash  = 0xaa51e7a7bb675162
)

// TestFinishedPositionHashesAreFrozen: the hash of a finished position,
// which mixes the ending's reason, keeps its frozen value for every
// ending (see finishedGoldens).
func TestFinishedPositionHashesAreFrozen(t *testing.T) {
	for _, g := range finishedGoldens {
		t.Run(g.name, func(t *testing.T) {
			c, err := focus.ParseSpec(g.spec)
			require.NoError(t, err)
			p, err := c.ParsePosition(g.text)
			require.NoError(t, err)
			require.Equal(t, g.text, p.String(), "the golden text reads back")
			o := p.Outcome()
			require.True(t, o.Over(), "the golden position is finished")
			assert.Equal(t, g.reason, o.Reason.String())
			assert.Equal(t, g.result, o.Result())
			assert.Equal(t, g.hash, p.Hash(), "hash %#x, frozen %#x", p.Hash(), g.hash)
		})
	}
}

// TestTeamPassedHashIsFrozenWhenPlayed: the incremental hash of a game
// that play ends by the team-passed rule is the frozen one too, not only
// the hash a parsed text computes from scratch.
func TestTeamPassedHashIsFrozenWhenPlayed(t *testing.T) {
	c, err := focus.ParseSpec("focus(players=4,teams=true)")
	require.NoError(t, err)
	p, err := c.ParsePosition(teamPassedStart)
	require.NoError(t, err)
	require.False(t, p.Outcome().Over())
	for _, s := range []string{"pass", "e5-e6", "pass"} {
		m, err := p.ParseMove(s)
		require.NoError(t, err, s)
		p, err = p.Play(m)
		require.NoError(t, err, s)
	}
	assert.Equal(t, focus.TeamPassed, p.Outcome().Reason)
	assert.Equal(t, teamPassedEnd, p.String())
	assert.Equal(t, uint64(teamPassedHash), p.Hash(), "hash %#x, frozen %#x", p.Hash(), uint64(teamPassedHash))
}
