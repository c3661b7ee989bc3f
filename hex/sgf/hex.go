package sgf

import (
	"errors"
	"fmt"
	"strings"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/hex"
	"github.com/tabletop-go/rules/notation"
)

// ErrNotHex is returned for an SGF tree of another game (GM other than 11).
var ErrNotHex = errors.New("sgf: not a Hex game (GM[11])")

// ToRecord converts the main line of a Hex SGF tree to a record the
// library replays. A move must be a cell of the board, such as "f3" (the
// column letter, a to the board's last, and the row from 1, in either
// case: "F3" becomes "f3"), a swap token, "resign" or "forfeit"; any other
// value (a cell off the board, Little Golem's two-letter "fc", an empty
// value or "pass", text after the cell) is an error that names the node
// and the property, e.g. "sgf: node 3: W[aa] is not a cell of the 11x11
// board". The swap becomes "swap", and the Game tag's swap mode says
// which swap it was.
//
// # The pie rule
//
// The root may declare the pie rule: RU[swap=none], RU[swap=sides] or
// RU[swap=pieces] (RU is SGF's property for the rules of the game; this
// is how FromRecord writes it, and HexGui keeps it as it keeps any
// property), or HA[N/S] or HA[0.5], PlayHex's Demer handicap for a game
// without the swap. RU text that does not start with "swap=" and any
// other HA say nothing of the pie rule; an RU starting with "swap=" must
// name one of the three. A declared rule is the record's, and the moves
// must agree with it: no swap under swap=none, no "swap-sides" under
// swap=pieces, and after the swap the same colour moves again under
// swap=sides, the other colour under swap=pieces.
//
// Without a declared rule, the swap tokens tell it:
//
//   - "swap-sides" swaps sides.
//   - "swap-pieces", "swap" and "SWAP" swap sides when the next move has
//     the swap's colour (the board is unchanged and the colour to move
//     does not toggle: HexGui's files, Hex-benzene), and swap pieces when
//     the next move has the other colour (PlayHex). With no next move,
//     files written by HexGui or Hex-benzene (AP) swap sides; others
//     follow the token, "swap-pieces" swapping pieces.
//
// and a game without a swap gets the default swap=sides (it replays the
// same whatever the rule).
//
// # Tags and the result
//
// "resign" (or "forfeit") ends the moves and adds a Termination tag. The
// root's SZ ("11" or "9:11", 11 when absent), PB, PW, RE, DT, EV, RO, PC,
// AP and GC become tags. RE becomes the Result, its letter naming the
// player, not the stone colour: B is PB, the first player (seat 0), even
// after a swap-sides gave that player the White stones.
// The Computer Olympiad's mw1.sgf (2009), the one game of the collection
// with both a swap and a result, bears this out: the first player swapped
// to White, connected with White, and the file says B+. Little Golem's
// export follows the same rule. Node letters, by contrast, are stone
// colours, so a resignation is credited through the swap.
//
// RE is read as the SGF specification (FF[4]) writes it: "B+" or "W+",
// then nothing or a reason, "R" or "Resign", "T" or "Time", "F" or
// "Forfeit" (which becomes the Termination tag); "", "?" (unknown) and
// "Void" (no result) give no Result. Any other RE is an error, a draw
// ("0", "Draw") and a score ("B+3.5") among them: Hex has neither. The
// moves decide over RE: a resign (or forfeit) node makes the other player
// the winner and the Termination a resignation (or forfeit), and RE
// naming the player who resigned is an error, as is RE naming the loser
// of a game that the moves finish with a connection.
//
// # Checks
//
// Node letters are checked, as the Hex SGF specification (GM[11]) and
// HexGui have them: Black moves first and the colours alternate, except
// that the move after a swap may have either colour (it tells the swap's
// meaning, above) and the move after "swap-sides" has the swap's colour.
// A node holds at most one move, and a move, like every property ToRecord
// reads, has exactly one value; a property may not appear twice in a node
// (SGF FF[4]). A resign node may have either colour. Whether a move is
// legal where it is played (an empty cell, a swap as the second move) is
// left to the replay of the record.
//
// Setup stones in the first node (AB and AW, with PL for the colour to
// move, which is otherwise Black when both colours have as many stones
// and White when Black has one more) become a [Position] tag, which the
// hex package checks as it checks any position text. Setup anywhere else,
// AE (removing stones), and setup and a move in one node are refused, as
// is PL[W] without setup stones: the game starts with Black to move.
//
// Nothing that ToRecord does not understand is silently dropped from the
// moves or the result: every such case is an error that names the node
// (1 is the root). A property identifier must be upper-case letters, as
// in SGF FF[4] (Parse refuses others; ToRecord refuses them in a tree
// built by hand). Properties ToRecord does not read (comments, markup,
// timing, variations off the main line) are ignored.
//
// Every error of ToRecord matches rules.ErrBadRecord (errors.Is), so
// rules.ErrorCode gives "bad-record" (or "bad-position" for setup stones
// that are no position of the game), and errors.Is(err, ErrNotHex) tells
// a tree of another game.
func ToRecord(t *Tree) (notation.Record, error) {
	rec, err := toRecord(t)
	if err != nil {
		return notation.Record{}, badRecord{err}
	}
	return rec, nil
}

// badRecord is an error of ToRecord: its text and cause are err's, and
// it matches rules.ErrBadRecord.
type badRecord struct{ err error }

func (e badRecord) Error() string { return e.err.Error() }
func (e badRecord) Unwrap() error { return e.err }

// Is makes errors.Is(err, rules.ErrBadRecord) true.
func (e badRecord) Is(target error) bool { return target == rules.ErrBadRecord }

func toRecord(t *Tree) (notation.Record, error) {
	if t == nil {
		return notation.Record{}, errors.New("sgf: no game tree")
	}
	nodes := t.MainLine()
	switch {
	case len(nodes) == 0:
		return notation.Record{}, errors.New("sgf: the game tree has no node")
	case len(nodes) > MaxTreeNodes:
		return notation.Record{}, fmt.Errorf("sgf: the main line holds more than %d nodes", MaxTreeNodes)
	}
	for i, n := range nodes {
		if err := checkNode(i+1, n); err != nil {
			return notation.Record{}, err
		}
	}
	info, err := readInfo(nodes[0])
	if err != nil {
		return notation.Record{}, err
	}
	cols, rows, err := readSize(info)
	if err != nil {
		return notation.Record{}, err
	}
	rule, err := readPieRule(info, cols, rows)
	if err != nil {
		return notation.Record{}, err
	}
	setup, err := readSetup(nodes, cols, rows, info)
	if err != nil {
		return notation.Record{}, err
	}
	moves, end, err := readMoves(nodes, cols, rows, rule)
	if err != nil {
		return notation.Record{}, err
	}
	if err := checkTurns(moves, setup, rule); err != nil {
		return notation.Record{}, err
	}
	var rec notation.Record
	var mode hex.SwapMode
	rec.Moves, mode = recordMoves(moves, info, rule)
	if mode == hex.SwapPieces && cols != rows {
		return notation.Record{}, fmt.Errorf("sgf: swap-pieces on a %dx%d board", cols, rows)
	}
	cfg := hex.Config{Cols: cols, Rows: rows, Swap: mode}
	rec.SetTag("Game", cfg.String())
	begin := cfg.Start()
	if setup.board != "" {
		p, err := cfg.ParsePosition(setup.board)
		if err != nil {
			return notation.Record{}, fmt.Errorf("sgf: the setup stones (AB, AW, PL) are no position of the game: %w", err)
		}
		begin = p
		rec.SetTag("Position", p.String())
	}
	for _, kv := range [...][2]string{{"PB", "Black"}, {"PW", "White"}, {"DT", "Date"}, {"EV", "Event"}, {"RO", "Round"}, {"PC", "Site"}, {"AP", "Application"}, {"GC", "Comment"}} {
		if v, ok := info[kv[0]]; ok {
			rec.SetTag(kv[1], v)
		}
	}
	sidesSwapped := mode == hex.SwapSides && containsSwap(rec.Moves)
	if err := setResult(&rec, info["RE"], end, sidesSwapped, begin); err != nil {
		return notation.Record{}, err
	}
	return rec, nil
}

// readInfo returns the root's game-info properties, trimmed.
func readInfo(root Node) (map[string]string, error) {
	info := map[string]string{}
	for _, id := range []string{"GM", "SZ", "AP", "PB", "PW", "DT", "EV", "RO", "PC", "GC", "RE", "PL", "RU", "HA"} {
		v, ok, err := single(1, root, id)
		if err != nil {
			return nil, err
		}
		if ok {
			info[id] = strings.TrimSpace(v)
		}
	}
	if gm, ok := info["GM"]; ok && gm != "11" {
		return nil, ErrNotHex
	}
	return info, nil
}

// readSize reads SZ: 11 by 11 without it, N or COLS:ROWS.
func readSize(info map[string]string) (cols, rows int, err error) {
	sz, ok := info["SZ"]
	if !ok {
		return 11, 11, nil
	}
	c, r, found := strings.Cut(sz, ":")
	var ok1, ok2 bool
	cols, ok1 = notation.ParseNatural(c)
	rows, ok2 = cols, true
	if found {
		rows, ok2 = notation.ParseNatural(r)
	}
	if !ok1 || !ok2 || cols < 1 || rows < 1 || cols > hex.MaxSize || rows > hex.MaxSize {
		return 0, 0, fmt.Errorf("sgf: bad board size SZ[%s] (1 to %d, or COLS:ROWS)", escaped(sz), hex.MaxSize)
	}
	return cols, rows, nil
}

// checkNode refuses a property without a value, an identifier that is not
// upper-case letters, a property twice in a node, two moves in a node, and
// setup and a move together.
func checkNode(number int, n Node) error {
	var seen map[string]bool
	if len(n.Props) > 8 {
		seen = make(map[string]bool, len(n.Props))
	}
	moves, setup := "", ""
	for i, p := range n.Props {
		if len(p.Values) == 0 {
			return fmt.Errorf("sgf: node %d: property %s has no value", number, escaped(p.ID))
		}
		if !isPropID(p.ID) {
			return fmt.Errorf("sgf: node %d: property identifier \"%s\" is not upper-case letters", number, escaped(p.ID))
		}
		dup := false
		if seen != nil {
			dup = seen[p.ID]
			seen[p.ID] = true
		} else {
			for _, q := range n.Props[:i] {
				dup = dup || q.ID == p.ID
			}
		}
		if dup {
			return fmt.Errorf("sgf: node %d: property %s appears twice", number, escaped(p.ID))
		}
		switch p.ID {
		case "B", "W":
			if moves != "" {
				return fmt.Errorf("sgf: node %d holds two moves, %s and %s (one move per node)", number, moves, p.ID)
			}
			if len(p.Values) != 1 {
				return fmt.Errorf("sgf: node %d: move %s has %d values, want one", number, p.ID, len(p.Values))
			}
			moves = p.ID
		case "AB", "AW", "AE", "PL":
			setup = p.ID
		}
	}
	if moves != "" && setup != "" {
		return fmt.Errorf("sgf: node %d mixes setup (%s) and a move (%s)", number, setup, moves)
	}
	return nil
}

// single returns the one value of property id in node n (number), an
// error if it has several.
func single(number int, n Node, id string) (string, bool, error) {
	for _, p := range n.Props {
		if p.ID != id {
			continue
		}
		if len(p.Values) != 1 {
			return "", false, fmt.Errorf("sgf: node %d: %s has %d values, want one", number, id, len(p.Values))
		}
		return p.Values[0], true, nil
	}
	return "", false, nil
}

func containsSwap(moves []string) bool {
	for _, m := range moves {
		if m == "swap" {
			return true
		}
	}
	return false
}
