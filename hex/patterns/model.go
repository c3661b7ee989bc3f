package patterns

import (
	"bytes"
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"

	"github.com/tabletop-go/rules/hex"
)

// Model holds the weights (gammas) of the features of a move: one for
// each pattern it knows, one for a pattern it does not, one for each
// distance class to the last two stones and, in a model that has them,
// one for each pair of path classes. A move's weight is the product
// of its features' weights, and its probability in a position is its
// weight over the sum of the weights of every empty cell (a
// Bradley–Terry model). A Model is read-only once made: safe for
// concurrent use. The zero Model, and a nil *Model, know no pattern:
// every move weighs 1 (the uniform prior), and MarshalBinary writes
// them as such a model.
type Model struct {
	ids     map[uint64]int32 // pattern key to index into gamma
	keys    []uint64         // the keys, sorted; gamma[i+1] is keys[i]'s
	gamma   []float32        // gamma[0] is the unknown pattern's
	near    [2][far]float32  // [0]: the opponent's last stone, [1]: the mover's; by distance 1, 2, 3+
	paths   []float32        // by the mover's path class times PathClasses plus the opponent's; nil for none
	trained string           // what the model says of its training, for people
}

// uniform is the model the zero Model and a nil *Model stand for: no
// pattern, every weight 1.
var uniform = &Model{gamma: []float32{1}, near: [2][far]float32{{1, 1, 1}, {1, 1, 1}}}

// made returns m, or uniform for the zero Model or a nil *Model (which
// have no unknown pattern's weight: every made model has one).
func (m *Model) made() *Model {
	if m == nil || len(m.gamma) == 0 {
		return uniform
	}
	return m
}

// Len returns the number of patterns the model knows.
func (m *Model) Len() int { return len(m.made().keys) }

// About returns the model's description of its training (the data, the
// split, its accuracy), as the trainer wrote it.
func (m *Model) About() string {
	if m == nil {
		return ""
	}
	return m.trained
}

// feature ids of a cell: its pattern's index into gamma, and its
// distance classes (0, 1, 2 for distance 1, 2, 3 or more).
func (m *Model) pattern(f *frame, i int) int32 {
	small, large := f.keys(i)
	if id, ok := m.ids[large]; ok {
		return id
	}
	if id, ok := m.ids[small]; ok {
		return id
	}
	return 0
}

// ErrBoard is returned for a board the model cannot read: a size
// outside 1 to hex.MaxSize, cells of another length, a mover that is no
// colour or a last cell off the board.
var ErrBoard = errors.New("patterns: not a board")

// Weights sets w[i], for each cell i of a board of cols×rows cells
// given as colours in reading order (cells[row*cols+col]), to the
// weight of a move there by mover: 0 on a stone, else the product of
// its features' weights (HasPaths says whether they include the path
// classes, which take a few microseconds more). last and ownLast are
// the cells of the opponent's last stone and the mover's (-1 for none; a
// cell named must hold that player's stone). w and cells have cols×rows
// entries.
func (m *Model) Weights(w []float32, cells []hex.Color, cols, rows int, mover hex.Color, last, ownLast int) error {
	m = m.made()
	var f frame
	if (mover != hex.Black && mover != hex.White) || len(w) != len(cells) || !f.load(cells, cols, rows, mover) {
		return fmt.Errorf("%w: %d×%d cells, %d colours, %d weights, mover %v", ErrBoard, cols, rows, len(cells), len(w), mover)
	}
	if !stoneOf(cells, last, mover.Other()) || !stoneOf(cells, ownLast, mover) {
		return fmt.Errorf("%w: the last stones named, %d (the opponent's) and %d (the mover's), are not -1 or cells holding their stones", ErrBoard, last, ownLast)
	}
	for row := range rows {
		for col := range cols {
			i := row*cols + col
			if cells[i] != hex.Empty {
				w[i] = 0
				continue
			}
			w[i] = m.gamma[m.pattern(&f, f.at(col, row, mover))] *
				m.near[0][distance(cols, i, last)-1] * m.near[1][distance(cols, i, ownLast)-1]
		}
	}
	if m.paths != nil {
		var class [maxCells]uint8
		pathClasses(class[:len(cells)], cells, cols, rows, mover)
		for i, c := range cells {
			if c == hex.Empty {
				w[i] *= m.paths[class[i]]
			}
		}
	}
	return nil
}

// HasPaths reports whether the model weighs the path classes (a model
// trained without them, such as Playout, does not).
func (m *Model) HasPaths() bool { return m.made().paths != nil }

// stoneOf reports whether cell is -1 (none) or holds a stone of c.
func stoneOf(cells []hex.Color, cell int, c hex.Color) bool {
	return cell == -1 || cell >= 0 && cell < len(cells) && cells[cell] == c
}

// AppendPriors appends to dst the probability the model gives each
// legal move of p, in the order of p.AppendMoves, and returns it: each
// cell's weight over their sum. last and ownLast are the squares of the
// opponent's last stone and the mover's (hex.NoSquare for none; a square
// named must hold that player's stone); a position does not keep its
// history. The swap, when legal, gets the
// mean of the cells' probabilities (1/(n+1) of the whole, the cells
// share the rest by weight). A finished game or the zero Position gives
// nothing; a square off the board is an error.
func (m *Model) AppendPriors(dst []float32, p hex.Position, last, ownLast hex.Square) ([]float32, error) {
	if !p.ToMove().IsSeat() {
		return dst, nil
	}
	cols, rows := p.Size()
	var cells [maxCells]hex.Color
	var w [maxCells]float32
	n := cols * rows
	for row := range rows {
		for col := range cols {
			cells[row*cols+col] = p.At(hex.NewSquare(col, row))
		}
	}
	index := func(sq hex.Square) (int, error) {
		if sq == hex.NoSquare {
			return -1, nil
		}
		if !sq.IsValid() || sq.File() >= cols || sq.Rank() >= rows {
			return 0, fmt.Errorf("%w: square %v is off the %d×%d board", ErrBoard, sq, cols, rows)
		}
		return sq.Rank()*cols + sq.File(), nil
	}
	a, err := index(last)
	if err != nil {
		return dst, err
	}
	b, err := index(ownLast)
	if err != nil {
		return dst, err
	}
	if err := m.Weights(w[:n], cells[:n], cols, rows, p.ColorOf(p.ToMove()), a, b); err != nil {
		return dst, err
	}
	var buf [maxCells + 1]hex.Move
	moves := p.AppendMoves(buf[:0])
	sum, swap := float32(0), false
	for _, mv := range moves {
		if mv.IsSwap() {
			swap = true
			continue
		}
		sum += w[mv.Square().Rank()*cols+mv.Square().File()]
	}
	cellShare := float32(1)
	if swap {
		cellShare = float32(len(moves)-1) / float32(len(moves))
	}
	for _, mv := range moves {
		if mv.IsSwap() {
			dst = append(dst, 1/float32(len(moves)))
			continue
		}
		dst = append(dst, cellShare*w[mv.Square().Rank()*cols+mv.Square().File()]/sum)
	}
	return dst, nil
}

// The file format (all numbers little-endian):
//
//	magic    "hexpat2\n" (8 bytes), or "hexpat1\n" for a model without
//	         path classes
//	about    uint32 length, then that many bytes of UTF-8 text
//	unknown  float32: the weight of a pattern the model does not know
//	near     6 float32: the opponent's last stone at distance 1, 2, 3+,
//	         then the mover's
//	paths    (hexpat2 only) 36 float32 (PathClasses²): the pair of path
//	         classes a, o (the mover's, the opponent's) at a·PathClasses+o
//	count    uint32: the number of patterns
//	patterns count × (uint64 key, float32 weight), keys strictly
//	         increasing
//
// A key is a pattern's canonical number (see the package doc): bit 63
// set for a large pattern. Every weight is in [MinWeight, MaxWeight].
const (
	magic        = "hexpat2\n"
	magicNoPaths = "hexpat1\n"
)

// MarshalBinary writes the model in the file format above: the first
// version for a model without path classes, the second otherwise.
func (m *Model) MarshalBinary() ([]byte, error) {
	about := m.About()
	m = m.made()
	var b bytes.Buffer
	if m.paths != nil {
		b.WriteString(magic)
	} else {
		b.WriteString(magicNoPaths)
	}
	le := binary.LittleEndian
	b.Write(le.AppendUint32(nil, uint32(len(about))))
	b.WriteString(about)
	b.Write(le.AppendUint32(nil, math.Float32bits(m.gamma[0])))
	for _, g := range m.near {
		for _, x := range g {
			b.Write(le.AppendUint32(nil, math.Float32bits(x)))
		}
	}
	for _, x := range m.paths {
		b.Write(le.AppendUint32(nil, math.Float32bits(x)))
	}
	b.Write(le.AppendUint32(nil, uint32(len(m.keys))))
	for i, k := range m.keys {
		b.Write(le.AppendUint64(nil, k))
		b.Write(le.AppendUint32(nil, math.Float32bits(m.gamma[i+1])))
	}
	return b.Bytes(), nil
}

// maxPatterns bounds the patterns a file may declare, so that a
// stranger's file cannot make Parse allocate without end: 5^18 large
// and 5^6 small patterns could exist, far more than any data shows.
const maxPatterns = 1 << 24

// Parse reads a model in the file format (MarshalBinary's), either
// version. It refuses a file that breaks the format, saying what and at
// which byte.
func Parse(data []byte) (*Model, error) {
	r := reader{data: data}
	withPaths := bytes.HasPrefix(data, []byte(magic))
	if !withPaths && !bytes.HasPrefix(data, []byte(magicNoPaths)) {
		return nil, r.fail(0, "the file does not start with %q or %q", magic, magicNoPaths)
	}
	r.next(len(magic))
	m := &Model{}
	n := r.u32()
	if r.err == nil && int64(n) > int64(len(data)) {
		return nil, r.fail(len(magic), "the description claims %d bytes, more than the file", n)
	}
	m.trained = string(r.next(int(n)))
	m.gamma = append(m.gamma, r.weight())
	for g := range m.near {
		for d := range m.near[g] {
			m.near[g][d] = r.weight()
		}
	}
	if withPaths {
		m.paths = make([]float32, PathClasses*PathClasses)
		for k := range m.paths {
			m.paths[k] = r.weight()
		}
	}
	at := r.at
	count := r.u32()
	if r.err == nil && (count > maxPatterns || int64(count)*12 != int64(len(data)-r.at)) {
		return nil, r.fail(at, "%d patterns of 12 bytes do not fill the %d bytes left", count, len(data)-r.at)
	}
	m.keys = make([]uint64, 0, count)
	m.ids = make(map[uint64]int32, count)
	for i := range int(count) {
		at := r.at
		k := r.u64()
		if r.err != nil {
			break
		}
		if i > 0 && k <= m.keys[i-1] {
			return nil, r.fail(at, "pattern %d's key %#x does not follow %#x", i, k, m.keys[i-1])
		}
		if !validKey(k) {
			return nil, r.fail(at, "pattern %d's key %#x is no pattern", i, k)
		}
		m.keys = append(m.keys, k)
		m.ids[k] = int32(i + 1)
		m.gamma = append(m.gamma, r.weight())
	}
	if r.err != nil {
		return nil, r.err
	}
	if r.at != len(data) {
		return nil, r.fail(r.at, "%d bytes after the last pattern", len(data)-r.at)
	}
	return m, nil
}

// validKey reports whether k is a pattern's number: below 5^6 for a
// small pattern, below 5^18 with bit 63 set for a large one.
func validKey(k uint64) bool {
	if k&(1<<63) != 0 {
		return k&^(1<<63) < pow5(Large)
	}
	return k < pow5(Small)
}

func pow5(n int) uint64 {
	p := uint64(1)
	for range n {
		p *= 5
	}
	return p
}

// reader reads the file format, keeping the first error.
type reader struct {
	data []byte
	at   int
	err  error
}

func (r *reader) fail(at int, format string, args ...any) error {
	if r.err == nil {
		r.err = fmt.Errorf("patterns: byte %d: %s", at, fmt.Sprintf(format, args...))
	}
	return r.err
}

func (r *reader) next(n int) []byte {
	if r.err != nil {
		return nil
	}
	if n < 0 || n > len(r.data)-r.at {
		r.fail(r.at, "the file ends inside a field of %d bytes", n)
		return nil
	}
	b := r.data[r.at : r.at+n]
	r.at += n
	return b
}

func (r *reader) u32() uint32 {
	if b := r.next(4); b != nil {
		return binary.LittleEndian.Uint32(b)
	}
	return 0
}

func (r *reader) u64() uint64 {
	if b := r.next(8); b != nil {
		return binary.LittleEndian.Uint64(b)
	}
	return 0
}

func (r *reader) weight() float32 {
	at := r.at
	x := math.Float32frombits(r.u32())
	if r.err == nil && !(x >= MinWeight && x <= MaxWeight) {
		r.fail(at, "the weight %v is not in [%g, %g]", x, MinWeight, MaxWeight)
	}
	return x
}

// MinWeight and MaxWeight bound every weight of a model (Train keeps its
// fit within them; Parse refuses a file outside them), so that a move's
// weight, the product of four, and the sum over a board of 26×26 cells
// stay finite and above 0 in float32: priors never come out NaN.
const (
	MinWeight = 1e-6
	MaxWeight = 1e6
)

//go:embed weights.bin
var weights []byte

//go:embed playout.bin
var playoutWeights []byte

// Default returns the model trained on the Little Golem games (see the
// package doc), read once from the file embedded in the package.
var Default = sync.OnceValue(func() *Model {
	m, err := Parse(weights)
	if err != nil {
		panic("patterns: the embedded weights.bin does not read: " + err.Error())
	}
	return m
})

// newModel makes a model of the given keys (sorted here) and weights;
// paths is nil for a model without path classes.
func newModel(keys []uint64, gamma []float32, unknown float32, near [2][far]float32, paths []float32, about string) *Model {
	order := make([]int, len(keys))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int {
		switch {
		case keys[a] < keys[b]:
			return -1
		case keys[a] > keys[b]:
			return 1
		}
		return 0
	})
	m := &Model{ids: make(map[uint64]int32, len(keys)), near: near, paths: paths, trained: about}
	m.gamma = append(m.gamma, unknown)
	for _, i := range order {
		m.keys = append(m.keys, keys[i])
		m.ids[keys[i]] = int32(len(m.keys))
		m.gamma = append(m.gamma, gamma[i])
	}
	return m
}

// WithAbout returns a copy of m whose description (About) is about; the
// weights are shared.
func (m *Model) WithAbout(about string) *Model {
	c := *m.made()
	c.trained = about
	return &c
}

// Playout returns the model of small patterns alone (TrainOptions.Small)
// trained on the same games as Default, for playout policies (see
// RingWeights), read once from the file embedded in the package.
var Playout = sync.OnceValue(func() *Model {
	m, err := Parse(playoutWeights)
	if err != nil {
		panic("patterns: the embedded playout.bin does not read: " + err.Error())
	}
	return m
})
