package notation

import "strconv"

// Ranks describes the board field of a position text as the module's games
// write it: the ranks first to last, separated by '/', each listing its
// cells in order; with Runs, a decimal count (1 or more, no leading zero)
// stands for that many empty cells. The game reads the cells themselves
// (their syntax is its own) through a RankReader, which checks the rest:
// every rank has exactly its cells, and there are Count ranks.
type Ranks struct {
	Count int             // the ranks the field lists
	Width func(i int) int // the cells of the i'th rank written (from 0); nil: Cols for every rank
	Cols  int             // the cells of every rank when Width is nil

	// Messages name the i'th rank written Word and Count−i (Descending:
	// a board written top rank first, as chess's FEN) or Word and i+1,
	// e.g. "rank 8", "row 1", and call the cells Cells ("squares").
	Word       string
	Descending bool
	Cells      string

	Runs bool // counts of empty cells are written
}

// width returns the cells of the i'th rank written.
func (rs *Ranks) width(i int) int {
	if rs.Width != nil {
		return rs.Width(i)
	}
	return rs.Cols
}

// name returns how messages name the i'th rank written, e.g. "rank 8".
func (rs *Ranks) name(i int) string {
	n := i + 1
	if rs.Descending {
		n = rs.Count - i
	}
	return rs.Word + " " + strconv.Itoa(n)
}

// A RankReader reads the board field of a position text laid out as its
// Ranks say. Next moves to each cell the field writes (not the empty
// cells of a run), and the game reads that cell's text from Rest and says
// how long it is with Take:
//
//	r := notation.NewRankReader(board, &ranks)
//	for r.Next() {
//		switch c := r.Rest()[0]; c { // one cell at r.Rank(), r.File()
//		case 'B', 'W':
//			r.Take(1)
//		default:
//			return fail(r.Offset(), "unexpected ...")
//		}
//	}
//	if at, msg := r.Err(); msg != "" {
//		return fail(at, msg)
//	}
//
// Offsets are bytes into the board field, which a position text begins
// with, so they are offsets into the text too.
type RankReader struct {
	ranks      *Ranks
	board      string
	at         int // the next byte to read
	rank, file int // where the next cell goes
	width      int // the cells of rank

	// The cell Next reported, until the next call: where it is, and its
	// length in bytes (Take's; 0 for a length Take refused).
	pending                    bool
	cellAt, cellRank, cellFile int
	cellSize                   int

	// The problem Next stopped at, which Err words: where it is, what it
	// is, the rank and the count it speaks of. Err builds the message, so
	// that the reader holds no string that could leave it: a parser's
	// reader then stays on its stack.
	errAt   int
	errKind problem
	errRank int
	errN    int
}

// problem is a kind of problem with the board's ranks.
type problem uint8

const (
	noProblem problem = iota
	shortRank         // errRank has errN cells, want its width
	longRank          // errRank has more cells than its width
	extraRank         // a "/" after the last rank
	earlyEnd          // the board ends in errRank
	badTake           // the game's reader took a length outside the cell
)

// NewRankReader returns a reader of board, laid out as ranks says.
func NewRankReader(board string, ranks *Ranks) RankReader {
	return RankReader{ranks: ranks, board: board, width: ranks.width(0)}
}

// Next moves to the next cell the board writes and reports whether there
// is one: false at the end of the board and at a problem with its ranks,
// which Err then gives. A cell that Take was not given the length of is
// one byte long.
func (r *RankReader) Next() bool {
	if r.pending {
		r.pending = false
		if r.cellSize == 0 {
			return r.fail(r.cellAt, badTake, 0)
		}
		r.at += r.cellSize
		r.file++
	}
	for r.errKind == noProblem {
		if r.at >= len(r.board) {
			r.finish()
			return false
		}
		c := r.board[r.at]
		switch {
		case c == '/':
			if r.file != r.width {
				return r.fail(r.at, shortRank, r.file)
			}
			if r.rank == r.ranks.Count-1 {
				return r.fail(r.at, extraRank, 0)
			}
			r.rank++
			r.file = 0
			r.width = r.ranks.width(r.rank)
			r.at++
		case r.file >= r.width:
			return r.fail(r.at, longRank, 0)
		case r.ranks.Runs && '1' <= c && c <= '9':
			end := r.at + 1
			for end < len(r.board) && '0' <= r.board[end] && r.board[end] <= '9' {
				end++
			}
			n, err := strconv.Atoi(r.board[r.at:end])
			if err != nil || n > r.width-r.file {
				return r.fail(r.at, longRank, 0)
			}
			r.file += n
			r.at = end
		default:
			r.pending, r.cellSize = true, 1
			r.cellAt, r.cellRank, r.cellFile = r.at, r.rank, r.file
			return true
		}
	}
	return false
}

// finish checks the board's end: every rank listed, the last one whole.
func (r *RankReader) finish() {
	switch {
	case r.rank < r.ranks.Count-1:
		r.fail(len(r.board), earlyEnd, 0)
	case r.file != r.width:
		r.fail(len(r.board), shortRank, r.file)
	}
}

// fail records a problem at offset at, of the current rank, and returns
// false for Next.
func (r *RankReader) fail(at int, kind problem, n int) bool {
	r.errAt, r.errKind, r.errRank, r.errN = at, kind, r.rank, n
	return false
}

// Rank returns the rank of the cell Next moved to: 0 for the first
// written.
func (r *RankReader) Rank() int { return r.cellRank }

// File returns the cell's place in its rank: 0 for the first written,
// counting the empty cells of runs.
func (r *RankReader) File() int { return r.cellFile }

// Offset returns the cell's offset in the board.
func (r *RankReader) Offset() int { return r.cellAt }

// Rest returns the board from the cell on; it is never empty after Next
// reported a cell.
func (r *RankReader) Rest() string { return r.board[r.cellAt:] }

// Take says that the cell is n bytes long, so that the next one begins
// after them. A length outside [1, len(Rest())] is a mistake of the
// game's, which the next call of Next reports as the board's problem.
func (r *RankReader) Take(n int) {
	if n < 1 || n > len(r.board)-r.cellAt {
		n = 0
	}
	r.cellSize = n
}

// Err returns the problem with the board's ranks Next stopped at, as the
// offset in the board and a message such as "rank 3 has more than 8
// squares"; msg is "" when there is none.
func (r *RankReader) Err() (offset int, msg string) {
	rs := r.ranks
	cells := func(n int) string { return strconv.Itoa(n) + " " + rs.Cells }
	switch r.errKind {
	case shortRank:
		return r.errAt, rs.name(r.errRank) + " has " + cells(r.errN) + ", want " + strconv.Itoa(rs.width(r.errRank))
	case longRank:
		return r.errAt, rs.name(r.errRank) + " has more than " + cells(rs.width(r.errRank))
	case extraRank:
		return r.errAt, "more than " + strconv.Itoa(rs.Count) + " " + rs.Word + "s"
	case earlyEnd:
		return r.errAt, "the board ends in " + rs.name(r.errRank) + ", want " + strconv.Itoa(rs.Count) + " " + rs.Word + "s"
	case badTake:
		return r.errAt, "notation: the game's reader took a length outside the cell's text"
	}
	return 0, ""
}
