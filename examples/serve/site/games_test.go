package site

// The tests serve the module's games, as the serve command does.
import _ "github.com/tabletop-go/rules/examples/internal/games"
