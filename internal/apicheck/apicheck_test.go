package apicheck

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestListPromotesTheMethodsOfUnexportedEmbeddedTypes: a struct that
// embeds an unexported type has that type's exported methods as its own
// API (on the pointer too for pointer receivers), but not those it
// declares itself, nor any of the unexported type's unexported ones; an
// unexported struct lists nothing.
func TestListPromotesTheMethodsOfUnexportedEmbeddedTypes(t *testing.T) {
	dir := t.TempDir()
	src := `package p

type inner struct{ core }
type core struct{ n int }

func (c core) Size() int       { return c.n }
func (c *core) Reset()         { c.n = 0 }
func (c core) hidden() int     { return 0 }
func (i inner) Name() string   { return "" }

// A embeds inner, which embeds core.
type A struct{ inner }

func (a A) Name() string { return "a" }

type b struct{ inner }
`
	require.NoError(t, os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o644))
	got, err := List(dir, "x/p")
	require.NoError(t, err)
	assert.Equal(t, []string{
		"pkg x/p, method (*A) Reset()",
		"pkg x/p, method (A) Name() string",
		"pkg x/p, method (A) Size() int",
		"pkg x/p, type A struct",
	}, got)
}
