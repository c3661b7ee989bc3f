package protocol

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/tabletop-go/rules"
)

// NewGame implements Player: the first time it checks that the engine
// speaks the protocol (protocol_version, and name for Name), then it
// sends game SPEC, position TEXT if start is not the game's usual start,
// and movetime SECONDS if moveTime is set (an engine may refuse
// movetime: it is optional).
func (e *Engine) NewGame(ctx context.Context, start rules.Dynamic, moveTime time.Duration) error {
	if !rules.IsGame(start) {
		return &rules.NoGameError{Type: "rules.Dynamic"}
	}
	e.mu.Lock()
	first := !e.greeted
	e.moveTime = moveTime
	e.mu.Unlock()
	if first {
		if err := e.must(ctx, "protocol_version", 0); err != nil {
			return err
		}
		name, err := e.Command(ctx, "name", 0)
		if _, refused := err.(*Refusal); err != nil && !refused {
			return err
		}
		if name = strings.TrimSpace(name); name != "" && !strings.ContainsAny(name, "\n") {
			e.mu.Lock()
			e.name = Escape(name)
			e.mu.Unlock()
		}
	}
	if err := e.must(ctx, "game "+start.Spec(), 0); err != nil {
		return err
	}
	if usual, err := rules.Open(start.Spec()); err != nil || usual.String() != start.String() {
		if err := e.must(ctx, "position "+start.String(), 0); err != nil {
			return err
		}
	}
	if moveTime > 0 {
		_, err := e.Command(ctx, "movetime "+strconv.FormatFloat(moveTime.Seconds(), 'f', -1, 64), 0)
		if _, refused := err.(*Refusal); err != nil && !refused {
			return err
		}
	}
	return nil
}

// must sends a command that must succeed: a refusal is a *Failure of
// kind ErrRefused.
func (e *Engine) must(ctx context.Context, command string, timeout time.Duration) error {
	_, err := e.Command(ctx, command, timeout)
	if r, ok := err.(*Refusal); ok {
		return &Failure{Kind: ErrRefused, Command: command, Detail: quote(r.Reason)}
	}
	return err
}

// Play implements Player: play COLOR MOVE at a decision (COLOR as Color
// gives it), play MOVE at a chance node.
func (e *Engine) Play(ctx context.Context, pos rules.Dynamic, move string) error {
	if !rules.IsGame(pos) {
		return &rules.NoGameError{Type: "rules.Dynamic"}
	}
	if pos.ToMove() == rules.Chance {
		return e.must(ctx, "play "+move, 0)
	}
	return e.must(ctx, "play "+Color(pos)+" "+move, 0)
}

// GenMove implements Player: genmove COLOR, awaited for the move time
// plus EngineOptions.Margin (EngineOptions.NoTimeLimit without a move
// time). The reply must be one word: a move, which the caller judges,
// or "resign" (a *Failure of kind ErrResigned).
func (e *Engine) GenMove(ctx context.Context, pos rules.Dynamic) (string, error) {
	if !rules.IsGame(pos) {
		return "", &rules.NoGameError{Type: "rules.Dynamic"}
	}
	e.mu.Lock()
	timeout := e.opts.NoTimeLimit
	if e.moveTime > 0 {
		timeout = e.moveTime + e.opts.Margin
	}
	e.mu.Unlock()
	command := "genmove " + Color(pos)
	text, err := e.Command(ctx, command, timeout)
	if r, ok := err.(*Refusal); ok {
		return "", &Failure{Kind: ErrRefused, Command: command, Detail: quote(r.Reason)}
	}
	if err != nil {
		return "", err
	}
	words := strings.Fields(text)
	switch {
	case len(words) != 1:
		return "", e.fail(&Failure{Kind: ErrMalformed, Command: command, Detail: "not one move: " + quote(text)})
	case strings.EqualFold(words[0], "resign"):
		return "", &Failure{Kind: ErrResigned, Command: command}
	}
	return words[0], nil
}
