// Package sgf reads and writes Hex games in SGF (GM[11], as HexGui and
// many programs write it) and reads Little Golem's Hex export, converting
// both to the library's records (package notation) so that package hex
// can replay them.
//
// Parse and Tree.String read and write any SGF collection, variations
// included, so a file read and written back keeps them. ToRecord takes a
// tree's main line to a record, resolving the two meanings the swap token
// has had in the wild (see ToRecord); FromRecord writes a record back as
// HexGui does. ParseLittleGolem and LittleGolemRecords read Little
// Golem's one-game-per-line export, with its inverted node letters,
// two-letter coordinates and unescaped names.
//
// Malformed input gives a *rules.SyntaxError with the byte offset (and
// the line for Little Golem files); nothing panics, and fuzz targets
// check both readers.
package sgf
