package protocol_test

// The protocol's tests play the module's games, which a program brings
// with the one list (the package imports no game).
import _ "github.com/tabletop-go/rules/examples/internal/games"
