package explocus

import (
	"strconv"

	"github.com/tabletop-go/rules"
)

// SeatInfo describes seat for people and text protocols
// (rules.Describer): White for seat 0 and Black for seat 1, their
// diagram letters and colour words, and how many men the seat has on the
// board. The invalid value, and a value that is not a seat, get the zero
// SeatInfo.
func (p state) SeatInfo(seat rules.Player) rules.SeatInfo {
	if !p.IsValid() || seat != 0 && seat != 1 {
		return rules.SeatInfo{}
	}
	info := rules.SeatInfo{Name: "White", Mark: "W", Words: []string{"w", "white"}}
	if seat == 1 {
		info = rules.SeatInfo{Name: "Black", Mark: "B", Words: []string{"b", "black"}}
	}
	info.Note = strconv.Itoa(p.Men(seat)) + " men"
	return info
}

// Note returns "" (rules.Describer): the board and the seats say all.
func (p state) Note() string { return "" }
