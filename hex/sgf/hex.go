package sgf

import (
	"errors"
	"fmt"
	"strconv"
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

// sgfMove is a move of the main line: its colour letter, its text (a
// cell, canonical, or a swap token as written) and its node.
type sgfMove struct {
	color, text string
	node        int
}

// ending is how a main line ends short of the rules: the colour that
// resigned or forfeited ("" for neither), which ("resign" or "forfeit"),
// and its node.
type ending struct {
	color, how string
	node       int
}

// readMoves reads the B and W moves of the main line, checking each
// against the board and the pie rule, and the resignation or forfeit
// that may end it.
func readMoves(nodes []Node, cols, rows int, rule pieRule) ([]sgfMove, ending, error) {
	var moves []sgfMove
	var end ending
	grid := hex.Config{Cols: cols, Rows: rows, Swap: hex.SwapNone}.Start()
	for i, n := range nodes {
		for _, prop := range n.Props {
			if prop.ID != "B" && prop.ID != "W" {
				continue
			}
			if end.how != "" {
				return nil, end, fmt.Errorf("sgf: node %d: a move after %s's %s", i+1, end.color, end.how)
			}
			v := strings.TrimSpace(prop.Values[0])
			switch lower := strings.ToLower(v); {
			case lower == "resign" || lower == "forfeit":
				end = ending{prop.ID, lower, i + 1}
				continue
			case lower == "pass" || lower == "":
				return nil, end, fmt.Errorf("sgf: node %d: %s[%s] is a pass, and Hex has no pass", i+1, prop.ID, escaped(prop.Values[0]))
			case isSwapToken(v):
				if rule.by != "" && rule.mode == hex.SwapNone {
					return nil, end, fmt.Errorf("sgf: node %d: %s[%s] swaps, but %s says the game has no pie rule", i+1, prop.ID, escaped(v), rule.by)
				}
				if rule.by != "" && rule.mode == hex.SwapPieces && lower == "swap-sides" {
					return nil, end, fmt.Errorf("sgf: node %d: %s[%s], but %s says the swap exchanges the pieces, not the sides", i+1, prop.ID, escaped(v), rule.by)
				}
			default:
				m, err := grid.ParseMove(v)
				if err != nil || m.IsSwap() {
					return nil, end, notACell(i+1, prop.ID, prop.Values[0], cols, rows)
				}
				v = m.String()
			}
			moves = append(moves, sgfMove{prop.ID, v, i + 1})
		}
	}
	return moves, end, nil
}

// checkTurns checks that the colours of the moves alternate from the
// setup's, as a swap and the declared pie rule allow.
func checkTurns(moves []sgfMove, setup setupInfo, rule pieRule) error {
	toMove := setup.toMove
	for i, m := range moves {
		switch {
		case i > 0 && isSwapToken(moves[i-1].text):
			// Either colour may follow a swap (it tells the swap's
			// meaning), but swap-sides and a pie rule the root
			// declares say which.
			prev := moves[i-1]
			switch {
			case strings.ToLower(prev.text) == "swap-sides" && m.color != prev.color:
				return fmt.Errorf("sgf: node %d: %s moves, but after swap-sides %s moves again (the colours were exchanged, not the turn)", m.node, m.color, prev.color)
			case rule.by != "" && rule.mode == hex.SwapSides && m.color != prev.color:
				return fmt.Errorf("sgf: node %d: %s moves, but after the swap %s moves again (%s: the colours were exchanged, not the turn)", m.node, m.color, prev.color, rule.by)
			case rule.by != "" && rule.mode == hex.SwapPieces && m.color == prev.color:
				return fmt.Errorf("sgf: node %d: %s moves, but after the swap %s is to move (%s: the swap is a move of the pieces)", m.node, m.color, other(prev.color), rule.by)
			}
		case m.color != toMove:
			return fmt.Errorf("sgf: node %d: %s moves, but %s is to move (%s)", m.node, m.color, toMove, setup.why)
		}
		toMove = other(m.color)
		if i == 0 {
			setup.why = "the colours alternate"
		}
	}
	return nil
}

// recordMoves returns the moves in record notation and the swap mode
// they imply (the pie rule's, when the root declares one).
func recordMoves(moves []sgfMove, info map[string]string, rule pieRule) ([]string, hex.SwapMode) {
	var out []string
	mode := hex.SwapSides
	for i, m := range moves {
		switch strings.ToLower(m.text) {
		case "swap-sides":
			out = append(out, "swap")
		case "swap-pieces", "swap":
			out = append(out, "swap")
			switch {
			case i+1 < len(moves) && moves[i+1].color == m.color:
				mode = hex.SwapSides
			case i+1 < len(moves):
				mode = hex.SwapPieces
			case strings.HasPrefix(info["AP"], "HexGui") || strings.HasPrefix(info["AP"], "Hex-benzene"):
				mode = hex.SwapSides
			case strings.ToLower(m.text) == "swap-pieces":
				mode = hex.SwapPieces
			}
		default:
			out = append(out, m.text)
		}
	}
	if rule.by != "" {
		mode = rule.mode // the moves agree with it (checkTurns)
	}
	return out, mode
}

// setResult sets the Result and Termination tags from RE and the ending,
// refusing a result that the ending or a connection on the board
// contradicts.
func setResult(rec *notation.Record, re string, end ending, sidesSwapped bool, begin hex.Position) error {
	winner, termination, err := readResult(re) // winner: "B" when PB (seat 0) won, "W" when PW did
	if err != nil {
		return err
	}
	if termination != "" {
		rec.SetTag("Termination", termination)
	}
	verb := "resigned"
	if end.color != "" {
		if end.how == "resign" {
			rec.SetTag("Termination", "resignation")
		} else {
			rec.SetTag("Termination", "forfeit")
			verb = "forfeited"
		}
		// The resigning node's letter is its stone colour: Black's
		// player is PW once the sides are swapped.
		loser := "W"
		if (end.color == "B") != sidesSwapped {
			loser = "B"
		}
		if winner == loser {
			return fmt.Errorf("sgf: node 1: RE[%s] names P%s the winner, but P%s %s (node %d, %s[%s])",
				escaped(re), winner, loser, verb, end.node, end.color, end.how)
		}
		winner = other(loser)
	}
	if conn := connectionWinner(begin, rec.Moves); conn != "" && winner != "" && winner != conn {
		if end.color != "" {
			return fmt.Errorf("sgf: node %d: P%s %s after connecting", end.node, conn, verb)
		}
		return fmt.Errorf("sgf: node 1: RE[%s] names P%s the winner, but P%s connected", escaped(re), winner, conn)
	}
	switch winner { // no Result tag when the file records none
	case "B":
		rec.SetTag("Result", "1-0")
	case "W":
		rec.SetTag("Result", "0-1")
	}
	return nil
}

// pieRule is the pie rule a tree's root declares: mode, when by names the
// property that says so ("RU[swap=none]", "HA[N/S]"); by is "" when the
// root declares none.
type pieRule struct {
	mode hex.SwapMode
	by   string
}

// readPieRule reads the pie rule the root declares in RU (as FromRecord
// writes it: swap=none, swap=sides or swap=pieces) or in HA (PlayHex's
// Demer handicap: N/S or 0.5 is a game without the swap). Any other RU
// or HA says nothing of the pie rule, except an RU that starts with
// "swap=", which must be one of the three.
func readPieRule(info map[string]string, cols, rows int) (pieRule, error) {
	var rule pieRule
	if ru, ok := info["RU"]; ok {
		lower := strings.ToLower(ru)
		name, isSwap := strings.CutPrefix(lower, "swap=")
		switch mode, known := swapModes[name]; {
		case isSwap && known:
			rule = pieRule{mode, "RU[" + lower + "]"}
		case isSwap:
			return pieRule{}, fmt.Errorf("sgf: node 1: RU[%s] names no pie rule (swap=none, swap=sides or swap=pieces)", escaped(ru))
		}
	}
	if ha, ok := info["HA"]; ok && (strings.EqualFold(ha, "N/S") || ha == "0.5") {
		if rule.by != "" && rule.mode != hex.SwapNone {
			return pieRule{}, fmt.Errorf("sgf: node 1: %s, but HA[%s] says the game has no swap", rule.by, escaped(ha))
		}
		if rule.by == "" {
			rule = pieRule{hex.SwapNone, "HA[" + escaped(ha) + "]"}
		}
	}
	if rule.by != "" && rule.mode == hex.SwapPieces && cols != rows {
		return pieRule{}, fmt.Errorf("sgf: node 1: %s on a %dx%d board (swap=pieces needs a square board)", rule.by, cols, rows)
	}
	return rule, nil
}

// swapModes maps the names of the pie rules, as RU writes them after
// "swap=", to the modes.
var swapModes = map[string]hex.SwapMode{"none": hex.SwapNone, "sides": hex.SwapSides, "pieces": hex.SwapPieces}

// notACell is the error for value v of property id in node (a move or a
// setup stone) that is no cell of the cols×rows board.
func notACell(node int, id, v string, cols, rows int) error {
	why := fmt.Sprintf("columns a to %c, rows 1 to %d", 'a'+cols-1, rows)
	if t := strings.TrimSpace(v); len(t) == 2 && t[0] >= 'a' && t[0] <= 'z' && t[1] >= 'a' && t[1] <= 'z' {
		why += `; two letters are how Little Golem writes a cell, and ParseLittleGolem reads its export`
	}
	return fmt.Errorf("sgf: node %d: %s[%s] is not a cell of the %dx%d board (%s)", node, id, escaped(v), cols, rows, why)
}

// readResult reads RE as the SGF specification (FF[4]) writes it, for a
// game without draws or scores: the winning player ("B" for PB, "W" for
// PW, "" when RE records none) and the Termination its reason gives.
func readResult(re string) (winner, termination string, err error) {
	switch {
	case re == "" || re == "?" || strings.EqualFold(re, "void"):
		return "", "", nil
	case re == "0" || strings.EqualFold(re, "draw"):
		return "", "", fmt.Errorf("sgf: node 1: RE[%s] is a draw, and Hex has no draws", escaped(re))
	case len(re) < 2 || re[0] != 'B' && re[0] != 'W' || re[1] != '+':
		return "", "", fmt.Errorf("sgf: node 1: RE[%s] is no Hex result (B+ or W+, then nothing, R, Resign, T, Time, F or Forfeit; ? or Void for none)", escaped(re))
	}
	switch strings.ToLower(re[2:]) {
	case "":
	case "r", "resign":
		termination = "resignation"
	case "t", "time":
		termination = "time"
	case "f", "forfeit":
		termination = "forfeit"
	default:
		return "", "", fmt.Errorf("sgf: node 1: RE[%s]: after %s come nothing, R, Resign, T, Time, F or Forfeit (Hex has no score)", escaped(re), re[:2])
	}
	return re[:1], termination, nil
}

// connectionWinner replays moves from p and returns the player who
// connected ("B" for PB, seat 0; "W" for PW), or "" when the moves do
// not replay or end before a connection.
func connectionWinner(p hex.Position, moves []string) string {
	for _, s := range moves {
		m, err := p.ParseMove(s)
		if err == nil {
			err = p.Legal(m)
		}
		if err != nil {
			return ""
		}
		p = p.PlayUnchecked(m)
	}
	if w, ok := p.Outcome().Winner(); ok {
		return "BW"[w : w+1]
	}
	return ""
}

func other(color string) string {
	if color == "B" {
		return "W"
	}
	return "B"
}

func isSwapToken(s string) bool {
	switch strings.ToLower(s) {
	case "swap", "swap-pieces", "swap-sides":
		return true
	}
	return false
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

// setupInfo is what the first node's setup says: the position text (""
// for none) and the colour to move first.
type setupInfo struct {
	board  string // "B1W/3/3 b -" or ""
	toMove string // "B" or "W"
	why    string // why toMove moves first, for errors
}

// readSetup reads AB, AW and PL in the first node and refuses setup
// anywhere else.
func readSetup(nodes []Node, cols, rows int, info map[string]string) (setupInfo, error) {
	for i, n := range nodes[1:] {
		for _, p := range n.Props {
			switch p.ID {
			case "AB", "AW", "AE", "PL":
				return setupInfo{}, fmt.Errorf("sgf: node %d: setup (%s) after the first node is not supported", i+2, p.ID)
			}
		}
	}
	root := nodes[0]
	if _, ok := root.Get("AE"); ok {
		return setupInfo{}, errors.New("sgf: node 1: AE (removing stones) is not supported")
	}
	board := make([]byte, cols*rows)
	grid := hex.Config{Cols: cols, Rows: rows, Swap: hex.SwapNone}.Start()
	stones := map[byte]int{}
	for _, p := range root.Props {
		if p.ID != "AB" && p.ID != "AW" {
			continue
		}
		for _, v := range p.Values {
			m, err := grid.ParseMove(strings.TrimSpace(v))
			if err != nil || m.IsSwap() {
				return setupInfo{}, notACell(1, p.ID, v, cols, rows)
			}
			at := m.Square().Rank()*cols + m.Square().File()
			if board[at] != 0 {
				return setupInfo{}, fmt.Errorf("sgf: node 1: two setup stones on %s", m)
			}
			board[at] = p.ID[1]
			stones[p.ID[1]]++
		}
	}
	pl, hasPL := info["PL"]
	if hasPL {
		switch strings.ToUpper(pl) {
		case "B", "W":
			pl = strings.ToUpper(pl)
		default:
			return setupInfo{}, fmt.Errorf("sgf: node 1: PL[%s] names no colour (B or W)", escaped(pl))
		}
	}
	if stones['B']+stones['W'] == 0 {
		if hasPL && pl != "B" {
			return setupInfo{}, errors.New("sgf: node 1: PL[W] without setup stones: Black moves first in Hex")
		}
		return setupInfo{toMove: "B", why: "Black moves first"}, nil
	}
	s := setupInfo{toMove: pl, why: "PL says so"}
	if !hasPL {
		s.toMove, s.why = "B", "the setup has as many Black stones as White"
		if stones['B'] != stones['W'] {
			s.toMove, s.why = "W", "the setup has more Black stones than White"
		}
	}
	var b strings.Builder
	for r := range rows {
		if r > 0 {
			b.WriteByte('/')
		}
		empty := 0
		for c := range cols {
			if v := board[r*cols+c]; v == 0 {
				empty++
			} else {
				if empty > 0 {
					b.WriteString(strconv.Itoa(empty))
					empty = 0
				}
				b.WriteByte(v)
			}
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
	}
	b.WriteString(" " + strings.ToLower(s.toMove) + " -")
	s.board = b.String()
	return s, nil
}

func containsSwap(moves []string) bool {
	for _, m := range moves {
		if m == "swap" {
			return true
		}
	}
	return false
}

// FromRecord writes a Hex record as an SGF tree in HexGui's form: moves
// B[f3] and W[c9] by stone colour, the swap as "swap-sides" (the next
// move keeps the swap's colour) or "swap-pieces" (the next move is
// Black's), the pie rule of the Game tag in RU (RU[swap=none],
// RU[swap=sides] or RU[swap=pieces], which ToRecord reads back and other
// readers ignore or keep as the text of the rules), players in PB and PW,
// and the result in RE by the winning player (B for PB, the first
// player, as ToRecord reads it): the rules' result when the game is
// over, else the record's decided Result tag (a resignation or a loss on
// time, as its Termination tag says). A
// [Position] start becomes setup stones (AB, AW) and PL in the root; a
// start after the swap cannot be written (SGF cannot say which player
// owns which colour). The record must replay without an illegal move.
func FromRecord(rec notation.Record) (*Tree, error) {
	spec, ok := rec.Tag("Game")
	if !ok {
		return nil, errors.New("sgf: the record has no Game tag")
	}
	cfg, err := hex.ParseSpec(spec)
	if err != nil {
		return nil, err
	}
	size := strconv.Itoa(cfg.Cols)
	if cfg.Rows != cfg.Cols {
		size += ":" + strconv.Itoa(cfg.Rows)
	}
	root := Node{Props: []Property{{ID: "FF", Values: []string{"4"}}, {ID: "GM", Values: []string{"11"}},
		{ID: "AP", Values: []string{"tabletop-go/rules"}}, {ID: "SZ", Values: []string{size}},
		{ID: "RU", Values: []string{"swap=" + cfg.Swap.String()}}}}
	for _, kv := range [...][2]string{{"Black", "PB"}, {"White", "PW"}, {"Date", "DT"}, {"Event", "EV"}} {
		if v, ok := rec.Tag(kv[0]); ok {
			root.Props = append(root.Props, Property{ID: kv[1], Values: []string{v}})
		}
	}
	p := cfg.Start()
	if text, ok := rec.Tag("Position"); ok {
		if p, err = cfg.ParsePosition(text); err != nil {
			return nil, err
		}
		if p.Swapped() != hex.SwapNone {
			return nil, errors.New("sgf: a start after the swap cannot be written in SGF")
		}
		var ab, aw []string
		for r := range cfg.Rows {
			for c := range cfg.Cols {
				sq := hex.NewSquare(c, r)
				switch p.At(sq) {
				case hex.Black:
					ab = append(ab, sq.String())
				case hex.White:
					aw = append(aw, sq.String())
				}
			}
		}
		if len(ab) > 0 {
			root.Props = append(root.Props, Property{ID: "AB", Values: ab})
		}
		if len(aw) > 0 {
			root.Props = append(root.Props, Property{ID: "AW", Values: aw})
		}
		if len(ab)+len(aw) > 0 {
			root.Props = append(root.Props, Property{ID: "PL", Values: []string{map[hex.Color]string{hex.Black: "B", hex.White: "W"}[p.ColorOf(p.Turn())]}})
		}
	}
	t := &Tree{Nodes: []Node{root}}
	for i, s := range rec.Moves {
		m, err := p.ParseMove(s)
		if err == nil {
			err = p.Legal(m)
		}
		if err != nil {
			return nil, fmt.Errorf("sgf: ply %d: %w", i+1, err)
		}
		color := "B"
		if p.ColorOf(p.Turn()) == hex.White {
			color = "W"
		}
		text := m.String()
		if m == hex.Swap {
			text = "swap-" + cfg.Swap.String()
		}
		t.Nodes = append(t.Nodes, Node{Props: []Property{{ID: color, Values: []string{text}}}})
		p = p.PlayUnchecked(m)
	}
	re := ""
	if o := p.Outcome(); o.Over() {
		re = "B+" // PB, seat 0
		if w, _ := o.Winner(); w == 1 {
			re = "W+"
		}
	} else if result, ok := rec.Tag("Result"); ok && (result == "1-0" || result == "0-1") {
		re = map[string]string{"1-0": "B+", "0-1": "W+"}[result]
		switch term, _ := rec.Tag("Termination"); term {
		case "resignation":
			re += "Resign"
		case "time":
			re += "Time"
		case "forfeit":
			re += "Forfeit"
		}
	}
	if re != "" {
		t.Nodes[0].Props = append(t.Nodes[0].Props, Property{ID: "RE", Values: []string{re}})
	}
	return t, nil
}
