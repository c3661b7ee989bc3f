//go:build js && wasm

package main

// The module's games and their pictures: importing them registers them.
import (
	_ "github.com/tabletop-go/rules/domination"
	_ "github.com/tabletop-go/rules/domination/svg"
	_ "github.com/tabletop-go/rules/explocus"
	_ "github.com/tabletop-go/rules/explocus/svg"
	_ "github.com/tabletop-go/rules/focus"
	_ "github.com/tabletop-go/rules/focus/svg"
	_ "github.com/tabletop-go/rules/hex"
	_ "github.com/tabletop-go/rules/hex/svg"
)
