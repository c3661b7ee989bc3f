package domination

import (
	"strconv"

	"github.com/tabletop-go/rules"
)

// SeatInfo describes seat for people and text protocols
// (rules.Describer): X for seat 0 and O for seat 1, the words "x" and
// "o", and for the seat to move, the domino it drew. The invalid value,
// and a value that is not a seat, get the zero SeatInfo.
func (p Position) SeatInfo(seat rules.Player) rules.SeatInfo {
	if !p.valid() || seat != 0 && seat != 1 {
		return rules.SeatInfo{}
	}
	name := string("XO"[seat])
	info := rules.SeatInfo{Name: name, Mark: name, Words: []string{string("xo"[seat])}}
	if t, ok := p.Pending(); ok && p.Turn() == seat {
		info.Note = "drew " + t.String()
	}
	return info
}

// Note says how many dominoes are left in the pool (rules.Describer).
func (p Position) Note() string {
	if !p.valid() {
		return ""
	}
	n := p.PoolSize()
	if n == 1 {
		return "1 domino left in the pool"
	}
	return strconv.Itoa(n) + " dominoes left in the pool"
}
