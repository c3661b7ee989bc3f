// Package sgf reads and writes Hex games in SGF (GM[11], as HexGui and
// many programs write it) and reads Little Golem's Hex export, converting
// both to the library's records (package notation) so that package hex
// can replay them.
//
// Parse and Tree.String read and write any SGF collection, variations
// included, so a file read and written back keeps them. Tree.MarshalText
// writes a tree only if Parse reads it back to an equal tree (property
// identifiers of upper-case letters, every property with a value, no nil
// or empty variation, within the limits below) and is otherwise an
// error; String writes any tree as well as SGF allows, skipping what it
// cannot write (see Tree.String).
//
// Property identifiers are upper-case letters, as SGF FF[4] has them.
// FF[3] allowed lower-case letters inside, to be ignored ("GaMe" for GM);
// Parse refuses any identifier with a lower-case letter rather than guess,
// so "(;gm[11]sz[3];b[a1])" is a syntax error, not an empty game.
//
// ToRecord takes a tree's main line to a record, resolving the two
// meanings the swap token has had in the wild, reading the pie rule the
// root declares (RU[swap=none], as FromRecord writes it), and checking
// every move's cell, the node colours and the result RE against the
// moves (see ToRecord); FromRecord writes a record back as HexGui does,
// its pie rule in RU. ParseLittleGolem reads one game of Little Golem's
// one-game-per-line export, with its inverted node letters, two-letter
// coordinates and unescaped names.
//
// # Reading any Hex game file
//
// ReadGames reads a file of Hex games in any of the formats the library
// knows (Format): the library's records (package notation), Hex SGF, or
// Little Golem's export, as records that package notation replays. Given
// FormatAuto, it tells the format from the start of the input, at most
// DetectBytes (64 KiB) of it and only as much as it needs, after a UTF-8
// byte order mark and white space:
//
//   - input whose first character is not "(" is records (so is an empty
//     input);
//   - SGF when the first game tree's root node holds a GM property (GM[11]
//     is Hex; another game's trees are refused one by one, ErrNotHex);
//   - otherwise Little Golem's export when the root's SO names
//     littlegolem (as the export's SO[http://www.littlegolem.com] does),
//     or when the first line reads as a Little Golem game
//     (ParseLittleGolem: one line, W moves first, two-letter
//     coordinates);
//   - otherwise SGF, as HexGui-style files without GM are (B moves first,
//     coordinates such as f3, often one node per line).
//
// The root node is read as SGF writes it (identifiers of letters, values
// in brackets with "\" escaping), up to the end of the node or the first
// thing that is not a property, and only its first value of each property
// counts. Nothing after the first game tree's root and the first line
// plays a part: a GM[11] further on (a player named "GM[11]" in a later
// game) does not make Little Golem's export SGF. When the start of a file
// is not typical of the rest, give the format.
//
// # Streams and limits
//
// TreesFrom reads an SGF collection and LittleGolemFrom a Little Golem
// export from an io.Reader as they go, one game tree or one line at a
// time, and ReadGames reads any of the formats so (records within the
// limits of package notation), so a stream from a stranger takes memory
// proportional to one game, not to the stream. The limits, which Parse
// applies too, are:
//
//   - MaxTreeBytes: a game tree holds at most 1 MiB (1,048,576 bytes) of
//     text;
//   - MaxTreeNodes: at most 65,536 nodes, its variations included;
//   - MaxTreeDepth: variations nest at most 1,000 deep;
//   - MaxLittleGolemLine: a Little Golem line holds at most 64 KiB
//     (65,536 bytes).
//
// A tree within these limits takes some 20 MB at most once read (the
// worst case is a megabyte of empty properties, "A[]A[]...").
// The readers skip a UTF-8 byte order mark at the start of the stream.
//
// # Errors
//
// Malformed input gives a *rules.SyntaxError: Parse gives the byte offset
// in its input; the streaming readers give the line in the stream and the
// offset in that line's text, which the error quotes escaped and cut to
// a short window. A stream reader yields the error and goes on with the
// next game. Conversion errors (ToRecord) name the node, and the
// property when one is at fault; they match rules.ErrBadRecord. ReadGames
// wraps the errors of a game in a *GameError, which gives the game's
// number in the stream and a line. Nothing panics, whatever the input or
// the Tree, and fuzz targets check the readers and the conversion.
package sgf
