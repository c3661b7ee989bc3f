package focus

import (
	"strconv"

	"github.com/tabletop-go/rules"
)

// seatNames are the seats' colours as the pictures draw them.
var seatNames = [rules.MaxSeats]string{"Red", "Blue", "Amber", "Green"}

// SeatInfo describes seat for people (rules.Describer): its colour's
// name as the pictures draw it ("Red", "Blue", "Amber", "Green"), its
// diagram letter, and a note of its reserve (with, in the team game, the
// partner's pieces it holds) and of the pieces it has captured. The
// invalid value, and a value that is not a seat of the game, get the
// zero SeatInfo.
func (p state) SeatInfo(seat rules.Player) rules.SeatInfo {
	if !seat.IsSeat() || int(seat) >= p.Seats() {
		return rules.SeatInfo{}
	}
	note := "reserve " + strconv.Itoa(p.Reserve(seat))
	if p.variant&variantTeams != 0 {
		partner := (seat + 2) % 4
		note += " + " + strconv.Itoa(p.PartnerReserve(seat)) + " of " + seatNames[partner] + "'s"
	}
	note += " · captured " + strconv.Itoa(p.Captured(seat))
	return rules.SeatInfo{Name: seatNames[seat], Mark: seat.String(), Note: note}
}

// Note returns "" (rules.Describer): the board and the seats say all.
func (p state) Note() string { return "" }
