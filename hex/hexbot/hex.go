package hexbot

// This file is the package's one contact with package hex: it plays a
// hex.Position, the pie rule included.

import (
	"context"
	"errors"

	"github.com/tabletop-go/rules/hex"
	"github.com/tabletop-go/rules/hex/analysis"
)

// Choose returns the bot's move in position p: the swap or a cell. It
// satisfies the bot interface of the module's examples.
//
// The pie rule: as the first move of a game with a swap rule the bot
// plays a cell on the border (the third cell down the left side, or the
// board's middle border cell on a small board), which gives away little
// either way; offered the swap, it swaps when the first stone is off the
// border of the board.
func (b *Bot) Choose(ctx context.Context, p hex.Position) (hex.Move, error) {
	if !p.IsValid() {
		return 0, errors.New("hexbot: the position is not a game's (the zero value)")
	}
	if !p.ToMove().IsSeat() {
		return 0, ErrGameOver
	}
	cfg := p.Config()
	if cfg.Swap != hex.SwapNone && p.Swapped() == hex.SwapNone {
		switch p.Ply() {
		case 0:
			return hex.Place(hex.NewSquare(0, min(2, cfg.Rows/2))), nil
		case 1:
			if c, r, ok := firstStone(p); ok && c > 0 && r > 0 && c < cfg.Cols-1 && r < cfg.Rows-1 {
				return hex.Swap, nil
			}
		}
	}
	board, err := analysis.FromPosition(p)
	if err != nil {
		return 0, err
	}
	cell, err := b.ChooseCell(ctx, board, -1)
	if err != nil {
		return 0, err
	}
	return board.Geometry().Move(cell), nil
}

// firstStone returns the cell of the only stone of a position at ply 1.
func firstStone(p hex.Position) (col, row int, ok bool) {
	cols, rows := p.Size()
	for r := range rows {
		for c := range cols {
			if p.At(hex.NewSquare(c, r)) != hex.Empty {
				return c, r, true
			}
		}
	}
	return 0, 0, false
}

// Supports reports whether the bot plays a board of cols×rows: every
// board of at most analysis.MaxCells cells (all square boards up to
// 19×19).
func Supports(cols, rows int) bool {
	return cols >= 1 && rows >= 1 && cols <= analysis.MaxCells && rows <= analysis.MaxCells && cols*rows <= analysis.MaxCells
}
