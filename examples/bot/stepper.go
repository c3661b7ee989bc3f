package bot

import (
	"fmt"

	"github.com/tabletop-go/rules"
)

// This file lets a caller drive a Dynamic guided search with a
// network's answers as plain arrays: the Stepper of ForDynamic's and
// NewDynamic's "guided" bots, which the Python package's search uses.

// Stepper is a Dynamic guided bot whose search its caller drives, batch
// by batch, with a network's answers written into plain arrays, for a
// network the search cannot call (in Python, through the Python
// package). ForDynamic's and NewDynamic's "guided" bots are Steppers:
//
//	s := player.(bot.Stepper)
//	if err := s.Begin(d); err != nil { ... }
//	for {
//		b, err := s.Next()
//		if err != nil { ... }
//		if b == nil {
//			break // done
//		}
//		// write b.Policy and b.Values from b.Observations and b.Masks
//		if err := s.Feed(); err != nil { ... }
//	}
//	move, err := s.Result()
//
// It is Guided.Begin, Leaves, Feed and Result over a Batch, as
// WithNetwork hands one to a Network: the same search as Choose with
// that network.
type Stepper interface {
	Searcher
	// Begin starts a search from d, refusing what Choose refuses.
	Begin(d rules.Dynamic) error
	// Next returns the batch of leaves to evaluate, its inputs filled
	// and its Policy and Values cleared for the network; nil when the
	// search is done. Until Feed it returns the same batch. The batch
	// belongs to the search: write Policy and Values only.
	Next() (*Batch, error)
	// Feed backs up the network's answer in the batch. An answer out of
	// bounds (see Batch) ends the search with the error.
	Feed() error
	// Result ends the search and returns its move as text; see
	// Guided.Result.
	Result() (string, error)
}

// stepper drives a Guided search over a Batch.
type stepper[P rules.Position[P, M], M rules.Move] struct {
	g      *Guided[P, M]
	net    networkEvaluator[P, M]
	filled bool // the batch holds the leaves awaiting evaluation
}

func (s *stepper[P, M]) begin(p P) error {
	s.filled = false
	return s.g.Begin(p)
}

func (s *stepper[P, M]) next() (*Batch, error) {
	leaves := s.g.Leaves()
	if len(leaves) == 0 {
		s.filled = false
		return nil, nil
	}
	if !s.filled {
		if err := s.net.fill(leaves); err != nil {
			s.g.fail()
			return nil, err
		}
		s.filled = true
	}
	return &s.net.batch, nil
}

func (s *stepper[P, M]) feed() error {
	if !s.filled || !s.g.stepping || len(s.g.waiting) == 0 {
		return ErrNoLeaves
	}
	s.filled = false
	if err := s.net.read(s.g.leaves); err != nil {
		s.g.fail()
		return err
	}
	return s.g.Feed()
}

// erasedGuided is an erased Guided bot: a Stepper.
type erasedGuided[P rules.Position[P, M], M rules.Move] struct {
	erasedSearcher[P, M]
	s *stepper[P, M]
}

func (e erasedGuided[P, M]) Begin(d rules.Dynamic) error {
	if !rules.IsGame(d) {
		return &rules.NoGameError{Type: "rules.Dynamic"}
	}
	p, ok := d.Typed().(P)
	if !ok {
		return fmt.Errorf("bot: a %T cannot play a %T", p, d.Typed())
	}
	return e.s.begin(p)
}

func (e erasedGuided[P, M]) Next() (*Batch, error) { return e.s.next() }

func (e erasedGuided[P, M]) Feed() error { return e.s.feed() }

func (e erasedGuided[P, M]) Result() (string, error) {
	m, err := e.s.g.Result()
	if err != nil {
		return "", err
	}
	return m.String(), nil
}

// fallbackGuided is NewDynamic's guided bot: a Stepper.
type fallbackGuided struct {
	fallbackSearcher
	s *stepper[dynPos, dynMove]
}

func (b fallbackGuided) Begin(d rules.Dynamic) error {
	if !rules.IsGame(d) {
		return &rules.NoGameError{Type: "rules.Dynamic"}
	}
	if b.table.size() > maxInterned {
		if err := b.reset(); err != nil {
			return err
		}
	}
	b.s.g = b.bot.(*Guided[dynPos, dynMove]) // every bot of a reset is one
	return b.s.begin(dynPos{d: d, t: b.table})
}

func (b fallbackGuided) Next() (*Batch, error) {
	if b.s.g == nil {
		return nil, nil
	}
	return b.s.next()
}

func (b fallbackGuided) Feed() error {
	if b.s.g == nil {
		return ErrNoLeaves
	}
	return b.s.feed()
}

func (b fallbackGuided) Result() (string, error) {
	if b.s.g == nil {
		return "", ErrNoSearch
	}
	m, err := b.s.g.Result()
	if err != nil {
		return "", err
	}
	text, _ := b.table.text(m)
	return text, nil
}
