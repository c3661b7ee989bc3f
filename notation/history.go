package notation

import "github.com/tabletop-go/rules"

// FromHistory writes a game being played as a record that Replay plays
// back to the same positions: the [Game] tag with the variant's spec, a
// [Position] tag when the history did not start at the variant's start,
// the moves in canonical notation (chance draws included), and a
// [Result] tag: the rules' result once the game is over, "*" before;
// once the rules ended the game, a [Termination] tag with their reason in
// words, as rules.Reason writes it ("connection", or any reason the game
// named for itself), which Replay, reaching the same end, does not need.
// A nil history, or one that started at no game (nil, a zero
// rules.State, anything rules.IsGame refuses), gives a record with no
// tags, which Replay refuses.
func FromHistory(h *rules.History) Record {
	var rec Record
	if h == nil {
		return rec
	}
	start := h.Start()
	if !rules.IsGame(start) {
		return rec
	}
	rec.SetTag("Game", start.Spec())
	if fresh, err := rules.Open(start.Spec()); err != nil || fresh.String() != start.String() {
		rec.SetTag("Position", start.String())
	}
	o := h.Position().Outcome()
	rec.SetTag("Result", o.Result())
	if o.Over() {
		rec.SetTag("Termination", o.Reason.String()) // the game's own words: "connection", "line of n"
	}
	rec.Moves = h.Moves()
	return rec
}
