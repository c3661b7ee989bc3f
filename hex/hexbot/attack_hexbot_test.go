package hexbot

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/tabletop-go/rules/hex/patterns"
)

// TestAttackNoPatternsLeavesTheModelOut: NoPatterns drops the model even
// when one is given; without it the default model is taken, with
// DefaultPatternBias.
func TestAttackNoPatternsLeavesTheModelOut(t *testing.T) {
	assert.Nil(t, New(Options{NoPatterns: true, Patterns: patterns.Default()}).opts.Patterns)
	b := New(Options{})
	assert.Same(t, patterns.Default(), b.opts.Patterns)
	assert.Equal(t, DefaultPatternBias, b.opts.PatternBias)
	assert.Equal(t, 0.5, New(Options{PatternBias: 0.5}).opts.PatternBias)
}
