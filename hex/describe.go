package hex

import "github.com/tabletop-go/rules"

// SeatInfo describes seat for people and text protocols (rules.Describer):
// the colour it plays at this position ("Black" or "White", which the
// swap-sides exchanges), its diagram letter and the colour words a GTP
// controller names it by ("b", "black"). The invalid value, and a seat
// that is not 0 or 1, get the zero SeatInfo.
func (p Position) SeatInfo(seat rules.Player) rules.SeatInfo {
	switch p.ColorOf(seat) {
	case Black:
		return rules.SeatInfo{Name: "Black", Mark: "B", Words: []string{"b", "black"}, Note: "joins top and bottom"}
	case White:
		return rules.SeatInfo{Name: "White", Mark: "W", Words: []string{"w", "white"}, Note: "joins left and right"}
	}
	return rules.SeatInfo{}
}

// Note returns "" (rules.Describer): the board and the seats say all.
func (p Position) Note() string { return "" }
