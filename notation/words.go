package notation

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// NotAMove returns the offset and message of text that is no move in any
// of the square notations of this module: text holding white space, or
// beginning with a word of three letters or more (no file of a board up
// to 26 files wide is more than one letter). hint, appended to the
// message for a word, says what the game's moves look like. It returns
// "" for anything else, which the game's own parser then reads. Game
// parsers call it after accepting their own move words ("swap", "pass").
func NotAMove(s, hint string) (at int, msg string) {
	if at := strings.IndexFunc(s, unicode.IsSpace); at >= 0 {
		return at, "a move holds no white space"
	}
	letters := 0
	for letters < len(s) && isLetter(s[letters]) {
		letters++
	}
	if letters < 3 {
		return 0, ""
	}
	word := letters
	for word < len(s) && (isLetter(s[word]) || s[word] == '-' || s[word] >= '0' && s[word] <= '9') {
		word++
	}
	const maxShown = 24
	quoted := strconv.Quote(s[:min(word, maxShown)])
	if word > maxShown {
		quoted += "..."
	}
	return 0, "unknown move word " + quoted + ": " + hint
}

// QuoteFirst quotes the character s begins with, for a message that names
// an unexpected one: the whole UTF-8 sequence ("é", not the "Ã" of its
// first byte read alone), or an invalid byte as an escape ("\xd9"); ""
// quoted for an empty s.
func QuoteFirst(s string) string {
	_, n := utf8.DecodeRuneInString(s)
	return strconv.Quote(s[:n])
}
