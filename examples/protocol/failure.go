package protocol

import (
	"errors"
	"strconv"
	"time"
)

// The kinds of engine failure, each a loss by forfeit when a referee
// sees it. Test for them with errors.Is on a *Failure (or on any error
// that wraps one).
var (
	// ErrIllegalMove: the move an engine chose is not a legal move of
	// the position (the library's Legal says why).
	ErrIllegalMove = errors.New("illegal move")
	// ErrMalformed: the engine's output is not a reply of the protocol,
	// or not the reply the command needs (a genmove reply that is not
	// one move, a reply with another command's id).
	ErrMalformed = errors.New("malformed reply")
	// ErrTimeout: no complete reply within the time allowed.
	ErrTimeout = errors.New("timeout")
	// ErrCrash: the engine's process ended (or closed its output), or
	// an in-process player panicked.
	ErrCrash = errors.New("crash")
	// ErrFlood: a reply longer than the cap (EngineOptions.MaxReply).
	ErrFlood = errors.New("output flood")
	// ErrRefused: a failure reply ("? ...") to a command the engine
	// must accept, such as game SPEC or the play of a legal move, or an
	// error of an in-process bot.
	ErrRefused = errors.New("refused")
	// ErrResigned: the engine replied "resign" to genmove.
	ErrResigned = errors.New("resigned")
)

// Kinds lists the kinds of failure in the order a summary shows them.
var Kinds = []error{ErrIllegalMove, ErrMalformed, ErrTimeout, ErrCrash, ErrFlood, ErrRefused, ErrResigned}

// Failure is what a player did wrong. Its Kind is one of ErrIllegalMove,
// ErrMalformed, ErrTimeout, ErrCrash, ErrFlood, ErrRefused and
// ErrResigned; errors.Is matches the Kind and the cause (Err).
type Failure struct {
	// Kind is the kind of failure.
	Kind error
	// Command is the request that failed, e.g. "genmove b" ("" when
	// none was outstanding).
	Command string
	// Detail is what the player sent (the move, the reply, the reason of
	// a refusal), already quoted and cut short where it came from the
	// engine; "" when there is nothing to show.
	Detail string
	// Limit is the time that was allowed, for ErrTimeout.
	Limit time.Duration
	// Cap is the byte cap that was passed, for ErrFlood.
	Cap int
	// Err is the cause, if any: the library's *rules.MoveError or
	// *rules.SyntaxError for an illegal move, the process's exit error
	// for a crash.
	Err error
}

// Error returns the failure in words, with "engine" as the subject:
// "engine sent an illegal move "z9": ...".
func (f *Failure) Error() string { return "engine " + f.phrase() }

// Unwrap exposes Kind and Err to errors.Is and errors.As.
func (f *Failure) Unwrap() []error {
	if f.Err == nil {
		return []error{f.Kind}
	}
	return []error{f.Kind, f.Err}
}

// phrase says what went wrong, without a subject.
func (f *Failure) phrase() string {
	in := ""
	if f.Command != "" {
		in = " to " + quote(f.Command)
	}
	var s string
	switch f.Kind {
	case ErrIllegalMove:
		s = "sent an illegal move " + f.Detail
		if f.Err != nil {
			s += ": " + oneLine(f.Err.Error())
		}
		return s
	case ErrMalformed:
		s = "sent a malformed reply" + in
		if f.Detail != "" {
			s += ": " + f.Detail
		}
		return s
	case ErrTimeout:
		s = "did not reply" + in
		if f.Limit > 0 {
			s += " within " + f.Limit.String()
		}
		return s
	case ErrCrash:
		s = "crashed"
		if f.Err != nil {
			s += " (" + oneLine(f.Err.Error()) + ")"
		}
		if f.Command != "" {
			s += " before replying" + in
		}
		if f.Detail != "" {
			s += "; " + f.Detail
		}
		return s
	case ErrFlood:
		return "flooded its output: more than " + strconv.Itoa(f.Cap) + " bytes in a reply" + in
	case ErrRefused:
		s = "failed"
		if f.Command != "" {
			s = "refused " + quote(f.Command)
		}
	case ErrResigned:
		return "resigned"
	default:
		s = "failed" + in
	}
	if f.Detail != "" {
		s += ": " + f.Detail
	}
	if f.Err != nil {
		s += " (" + oneLine(f.Err.Error()) + ")"
	}
	return s
}
