// Package zobrist makes the fixed pseudo-random keys of the games' Zobrist
// hashes. The keys never change, so hashes can be stored and compared
// across runs.
package zobrist

// Source yields a fixed sequence of keys (splitmix64) from its seed.
type Source struct{ state uint64 }

// New returns a source whose sequence is determined by seed.
func New(seed uint64) *Source { return &Source{state: seed} }

// Next returns the next key.
func (s *Source) Next() uint64 {
	s.state += 0x9e3779b97f4a7c15
	return Mix(s.state)
}

// Mix scrambles x into a key: splitmix64's finaliser, a bijection whose
// outputs for nearby inputs look independent. Games with too many
// (square, contents) pairs to tabulate use Mix(pair) as the key.
func Mix(x uint64) uint64 {
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}
