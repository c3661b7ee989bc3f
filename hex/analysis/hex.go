package analysis

// This file is the package's one contact with package hex: converting
// a hex.Position to a Board and cells to and from hex.Move.

import (
	"errors"
	"fmt"

	"github.com/tabletop-go/rules/hex"
)

// FromPosition returns the board of a Hex position: its stones and the
// colour to move. It fails for a board of more than MaxCells cells and
// for a position that is not a game's (the zero value).
func FromPosition(p hex.Position) (Board, error) {
	if !p.IsValid() {
		return Board{}, errors.New("analysis: the position is not a game's (the zero value)")
	}
	cols, rows := p.Size()
	g, err := NewGeometry(cols, rows)
	if err != nil {
		return Board{}, err
	}
	turn := Black
	if p.ColorOf(p.Turn()) == hex.White {
		turn = White
	}
	b := NewBoard(g, turn)
	for r := range rows {
		for c := range cols {
			switch p.At(hex.NewSquare(c, r)) {
			case hex.Black:
				b.Put(g.Cell(c, r), Black)
			case hex.White:
				b.Put(g.Cell(c, r), White)
			}
		}
	}
	return b, nil
}

// Move returns the hex.Move that places a stone on cell.
func (g *Geometry) Move(cell int) hex.Move {
	c, r := g.ColRow(cell)
	return hex.Place(hex.NewSquare(c, r))
}

// CellOf returns the cell of a move that places a stone, or an error for
// the swap or a cell off the board.
func (g *Geometry) CellOf(m hex.Move) (int, error) {
	sq := m.Square()
	if !sq.IsValid() || sq.File() >= g.cols || sq.Rank() >= g.rows {
		return 0, fmt.Errorf("analysis: %v is not a cell of the %d×%d board", m, g.cols, g.rows)
	}
	return g.Cell(sq.File(), sq.Rank()), nil
}
