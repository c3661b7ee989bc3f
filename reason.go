package rules

import (
	"strconv"
	"sync"
	"sync/atomic"
)

// This file holds the names of the reasons: the constants' and those the
// games name with NewReason, in one table indexed by Reason.

// reasonNames is the table of every reason's text, indexed by Reason. It
// is replaced, never changed, so that String reads it without a lock.
var (
	reasonNames atomic.Pointer[[]string]
	reasonMu    sync.Mutex // held by NewReason while it extends the table
)

func init() {
	names := []string{
		NotOver:     "not over",
		NoLegalMove: "no legal move",
		Elimination: "elimination",
		PlyLimit:    "ply limit",
		Forfeit:     "forfeit",
		Resignation: "resignation",
		Agreement:   "agreement",
		Invalid:     "invalid",
	}
	reasonNames.Store(&names)
}

// maxReasonName bounds the length of a reason's name.
const maxReasonName = 40

// NewReason returns the reason whose text is name, which a game names for
// an ending of its own: Hex's "connection", say. It is meant for a
// package-level variable of the game's package:
//
//	var Connection = rules.NewReason("connection")
//
// Names are shared: every call with the same name, in any package,
// returns the same Reason, so two games that end the same way (and a
// record read back) agree on it. A name is 1 to 40 bytes of lower-case
// ASCII letters, digits and single spaces or hyphens between them, such
// as "pool exhausted". NewReason panics, as regexp.MustCompile does, on
// a name that is not of that form or is "not over", "invalid" or
// "unknown reason" (String's text for a number nobody named), and
// when 256 reasons are named; it is safe for concurrent use.
func NewReason(name string) Reason {
	if msg := badReasonName(name); msg != "" {
		panic("rules: NewReason(" + strconv.Quote(name) + "): " + msg)
	}
	if r, ok := ReasonNamed(name); ok {
		if r == NotOver || r == Invalid {
			panic("rules: NewReason(" + strconv.Quote(name) + "): that reason is no ending")
		}
		return r
	}
	reasonMu.Lock()
	defer reasonMu.Unlock()
	old := *reasonNames.Load()
	for i, n := range old { // named by another goroutine since the look-up
		if n == name {
			return Reason(i)
		}
	}
	if len(old) > 255 {
		panic("rules: NewReason(" + strconv.Quote(name) + "): 256 reasons are named already")
	}
	names := append(old[:len(old):len(old)], name)
	reasonNames.Store(&names)
	return Reason(len(old))
}

// badReasonName says what is wrong with name as a reason's text, or "".
func badReasonName(name string) string {
	if name == "" || len(name) > maxReasonName {
		return "a name is 1 to " + strconv.Itoa(maxReasonName) + " bytes"
	}
	if name == unknownReason {
		return "that text is String's for a number nobody named"
	}
	for i := 0; i < len(name); i++ {
		switch c := name[i]; {
		case 'a' <= c && c <= 'z', '0' <= c && c <= '9':
		case (c == ' ' || c == '-') && i > 0 && i < len(name)-1 && name[i-1] != ' ' && name[i-1] != '-':
		default:
			return "a name is lower-case letters and digits, with single spaces or hyphens between words"
		}
	}
	return ""
}

// ReasonNamed returns the reason whose text is name, as String writes it,
// if a constant or a game's NewReason names it.
func ReasonNamed(name string) (Reason, bool) {
	for i, n := range *reasonNames.Load() {
		if n == name {
			return Reason(i), true
		}
	}
	return 0, false
}

// String returns the reason in plain words, e.g. "no legal move", or
// "unknown reason" for a number no constant or game named.
func (r Reason) String() string {
	if names := *reasonNames.Load(); int(r) < len(names) {
		return names[r]
	}
	return unknownReason
}

// unknownReason is String's text for a number no constant or game named;
// no game may name a reason so.
const unknownReason = "unknown reason"

// named reports whether a constant or a game named r.
func (r Reason) named() bool { return int(r) < len(*reasonNames.Load()) }

// ending reports whether r is the reason a finished game may give: named,
// and neither NotOver nor Invalid.
func (r Reason) ending() bool { return r != NotOver && r != Invalid && r.named() }

// reasonWords lists the reasons' texts for an error message.
func reasonWords() string { return "a reason is " + oneOf(*reasonNames.Load()) }
