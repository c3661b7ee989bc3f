package rules

import "errors"

// ErrorCode returns a short, stable code for an error of this module, so
// that a server can map errors to replies without testing sentinels one
// by one:
//
//   - "" for nil;
//   - "unknown-game": the spec names no registered game (ErrUnknownGame);
//   - "no-game": the position is the inert invalid value (ErrNoGame);
//   - "bad-spec": a game spec that cannot be read or names no variant
//     (ErrBadSpec);
//   - "bad-position": a position text that cannot be read or that its
//     game cannot reach (ErrBadPosition);
//   - "game-over": a move after the end (ErrGameOver);
//   - "wrong-node": a decision at a chance node or a chance outcome at a
//     decision (ErrWrongNode);
//   - "illegal": a move the rules do not allow here (ErrIllegal);
//   - "syntax": other text that cannot be read, such as a move
//     (ErrSyntax);
//   - "out-of-range": an index outside its range, such as an action
//     index past the action space (ErrOutOfRange);
//   - "not-supported": a call the game cannot serve, such as a kit
//     method of a game with only the rules (ErrNotSupported);
//   - "busy": a Batch called while another call on it is under way
//     (ErrBusy);
//   - "bad-record": a game record that names no game, or whose result
//     the rules contradict (ErrBadRecord);
//   - "other" for anything else, such as an I/O error.
//
// The codes look through wrapping (errors.Is), so an error that wraps
// another, such as a record's replay error around an illegal move, gets
// the code of its cause. The list may grow; a code once given does not
// change.
func ErrorCode(err error) string {
	if err == nil {
		return ""
	}
	for _, c := range errorCodes {
		if errors.Is(err, c.err) {
			return c.code
		}
	}
	return "other"
}

// ErrBadRecord: a game record names no game, or its result tag
// contradicts the rules (errors.Is matches it on the errors of
// notation's record replay).
var ErrBadRecord = errors.New("bad game record")

// errorCodes is ErrorCode's table, most specific first: a bad spec or
// position text is also a syntax error.
var errorCodes = [...]struct {
	err  error
	code string
}{
	{ErrUnknownGame, "unknown-game"},
	{ErrNoGame, "no-game"},
	{ErrBadSpec, "bad-spec"},
	{ErrBadPosition, "bad-position"},
	{ErrGameOver, "game-over"},
	{ErrWrongNode, "wrong-node"},
	{ErrIllegal, "illegal"},
	{ErrOutOfRange, "out-of-range"},
	{ErrNotSupported, "not-supported"},
	{ErrBusy, "busy"},
	{ErrBadRecord, "bad-record"},
	{ErrSyntax, "syntax"},
}
