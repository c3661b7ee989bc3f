package bot

import "github.com/tabletop-go/rules/hex"

// The typed bots for Hex (ForDynamic): this file imports one game package.
func init() { Register[hex.Position, hex.Move]() }
