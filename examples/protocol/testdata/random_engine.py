#!/usr/bin/env python3
"""A random player for Hex and Explocus that speaks the tabletop-go protocol.

Standard library only, with its own few lines of rules: it proves that an
engine in another language can play through the protocol, and its
--misbehave flag makes the engines that the referee's tests must catch.

    python3 random_engine.py [--seed N] [--misbehave KIND] [--after N]

KIND is one of illegal, garbage, silent, crash, flood, refuse, resign,
twowords, wrongid; the engine misbehaves at its N-th genmove (refuse: at its
N-th play), N = 1 by default, and behaves before.
"""

import copy
import random
import re
import sys
import time

LETTERS = "abcdefghijklmnopqrstuvwxyz"


def square(x, rank):
    return LETTERS[x] + str(rank)


def parse_square(s, files, ranks):
    m = re.fullmatch(r"([a-z])([1-9][0-9]*)", s.lower())
    if not m:
        raise ValueError("bad square %r" % s)
    x, r = LETTERS.index(m.group(1)), int(m.group(2))
    if x >= files or r > ranks:
        raise ValueError("off the board: %r" % s)
    return x, r


def parse_spec(spec):
    m = re.fullmatch(r"([a-z]+)(?:\((.*)\))?", spec)
    if not m:
        raise ValueError("bad spec")
    opts = dict(kv.split("=", 1) for kv in (m.group(2) or "").split(",") if kv)
    return m.group(1), opts


class Hex:
    """Hex: Black (top-bottom) moves first; the pie rule by swap."""

    def __init__(self, opts):
        size = opts.get("size", "11")
        cols, _, rows = size.partition("x")
        self.cols, self.rows = int(cols), int(rows or cols)
        self.swap = opts.get("swap", "sides")
        self.board = {}  # (x, row) -> "B" or "W"; row 1 is the top
        self.turn, self.ply, self.sides_swapped = "B", 0, False

    def seat(self):
        return "A" if (self.turn == "B") != self.sides_swapped else "B"

    def color(self, word):
        return {"b": "B", "black": "B", "w": "W", "white": "W"}.get(word.lower())

    def winner(self):
        for c in "BW":
            if c == "B":
                todo = [(x, 1) for x in range(self.cols) if self.board.get((x, 1)) == c]
            else:
                todo = [(0, r) for r in range(1, self.rows + 1) if self.board.get((0, r)) == c]
            seen = set(todo)
            while todo:
                x, r = todo.pop()
                if (c == "B" and r == self.rows) or (c == "W" and x == self.cols - 1):
                    return c
                for dx, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)):
                    n = (x + dx, r + dr)
                    if n not in seen and self.board.get(n) == c:
                        seen.add(n)
                        todo.append(n)
        return None

    def moves(self):
        if self.winner():
            return []
        cells = [square(x, r) for r in range(1, self.rows + 1) for x in range(self.cols)
                 if (x, r) not in self.board]
        if self.ply == 1 and self.swap != "none":
            cells.append("swap")
        return cells

    def play(self, move):
        move = move.lower()
        if move in ("swap", "swap-" + self.swap):
            if move not in self.moves():
                raise ValueError("swap not allowed")
            if self.swap == "pieces":
                (x, r), = self.board
                self.board = {(r - 1, x + 1): "W"}
                self.turn = "B"
            else:  # swap-sides: the stone stays, seat A plays White and moves next
                self.sides_swapped = True
            self.ply += 1
            return
        x, r = parse_square(move, self.cols, self.rows)
        if (x, r) in self.board or self.winner():
            raise ValueError("illegal move")
        self.board[(x, r)] = self.turn
        self.turn = "W" if self.turn == "B" else "B"
        self.ply += 1

    def illegal_move(self):
        return square(*next(iter(self.board))) if self.board else "z9"

    def show(self):
        return "\n".join(" ".join(self.board.get((x, r), ".") for x in range(self.cols))
                         for r in range(1, self.rows + 1))


class Explocus:
    """Explocus: Focus moves with exploding columns; White (A) first."""

    def __init__(self, opts):
        self.rows, self.cols = int(opts.get("rows", "8")), int(opts.get("cols", "8"))
        self.plylimit = int(opts.get("plylimit", "0"))
        self.board = {}  # (x, rank) -> [owner, height]; rank 1 is the bottom
        rr, cc = min(self.rows, 6), min(self.cols, 6)
        top, left = (self.rows - rr) // 2, (self.cols - cc) // 2
        for i in range(rr):
            for j in range(cc):
                owner = "A" if (i + j // 2) % 2 == 0 else "B"
                self.board[(left + j, self.rows - top - i)] = [owner, 1]
        self.turn, self.ply = "A", 0

    def seat(self):
        return self.turn

    def color(self, word):
        return {"a": "A", "w": "A", "white": "A", "b": "B", "black": "B"}.get(word.lower())

    def neighbours(self, x, r):
        return [(x + dx, r + dr) for dx, dr in ((1, 0), (-1, 0), (0, 1), (0, -1))
                if 0 <= x + dx < self.cols and 1 <= r + dr <= self.rows]

    def over(self):
        owners = {o for o, _ in self.board.values()}
        return len(owners) < 2 or (self.plylimit and self.ply >= self.plylimit)

    def moves(self):
        if self.over():
            return []
        out = []
        for (x, r), (owner, h) in sorted(self.board.items()):
            if owner != self.turn:
                continue
            for k in range(1, h + 1):
                for dx, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    if 0 <= x + dx * k < self.cols and 1 <= r + dr * k <= self.rows:
                        out.append(square(x, r) + "-" + square(x + dx * k, r + dr * k))
        return out

    def play(self, move):
        if move.lower() not in self.moves():
            raise ValueError("illegal move")
        a, b = move.lower().split("-")
        (x, r), dest = parse_square(a, self.cols, self.rows), parse_square(b, self.cols, self.rows)
        k = abs(dest[0] - x) + abs(dest[1] - r)
        self.board[(x, r)][1] -= k
        if self.board[(x, r)][1] == 0:
            del self.board[(x, r)]
        self.board[dest] = [self.turn, self.board.get(dest, [None, 0])[1] + k]
        while True:  # explosions, until every column is below capacity
            full = [sq for sq, (_, h) in self.board.items() if h >= len(self.neighbours(*sq))]
            if not full:
                break
            for sq in full:
                near = self.neighbours(*sq)
                self.board[sq][1] -= len(near)
                if self.board[sq][1] == 0:
                    del self.board[sq]
                for n in near:
                    self.board[n] = [self.turn, self.board.get(n, [None, 0])[1] + 1]
        self.turn = "B" if self.turn == "A" else "A"
        self.ply += 1

    def illegal_move(self):
        for (x, r), (owner, _) in sorted(self.board.items()):
            if owner != self.turn:
                n = self.neighbours(x, r)[0]
                return square(x, r) + "-" + square(*n)
        return "z9-z8"

    def show(self):
        return "\n".join(" ".join("%s%d" % tuple(self.board[(x, r)]) if (x, r) in self.board else ".."
                                  for x in range(self.cols)) for r in range(self.rows, 0, -1))


GAMES = {"hex": Hex, "explocus": Explocus}
COMMANDS = ["protocol_version", "name", "version", "list_commands", "known_command", "quit", "game",
            "clear_board", "play", "genmove", "legal_moves", "to_move", "undo", "movetime",
            "showboard"]


def main(argv):
    seed, misbehave, after = 1, None, 1
    i = 0
    while i < len(argv):
        flag, value = argv[i], argv[i + 1] if i + 1 < len(argv) else ""
        if flag == "--seed":
            seed = int(value)
        elif flag == "--misbehave":
            misbehave = value
        elif flag == "--after":
            after = int(value)
        else:
            sys.exit("random_engine: unknown flag %r" % flag)
        i += 2
    rng = random.Random(seed)
    spec, game, history = None, None, []
    genmoves = plays = 0

    def reply(cid, text="", ok=True):
        sys.stdout.write(("=" if ok else "?") + cid + (" " + text if text else "") + "\n\n")
        sys.stdout.flush()

    while True:
        line = sys.stdin.readline()
        if not line:
            return
        line = "".join(" " if c == "\t" else c for c in line.split("#")[0]
                       if c == "\t" or ord(c) >= 32 and ord(c) != 127)
        words = line.split()
        if not words:
            continue
        cid = ""
        if words[0].isdigit():
            cid, words = words[0], words[1:]
        if not words:
            reply(cid, "missing command", False)
            continue
        cmd, args = words[0], words[1:]
        try:
            if cmd == "protocol_version":
                reply(cid, "2")
            elif cmd == "name":
                reply(cid, "python-random")
            elif cmd == "version":
                reply(cid, "1")
            elif cmd == "list_commands":
                reply(cid, "\n".join(COMMANDS))
            elif cmd == "known_command":
                reply(cid, "true" if args and args[0] in COMMANDS else "false")
            elif cmd == "quit":
                reply(cid)
                return
            elif cmd == "movetime":
                reply(cid)
            elif cmd == "game":
                name, opts = parse_spec(args[0])
                if name not in GAMES:
                    raise ValueError("unknown game %s" % name)
                spec, game, history = args[0], GAMES[name](opts), []
                reply(cid)
            elif game is None:
                raise ValueError("no game")
            elif cmd == "clear_board":
                game, history = GAMES[parse_spec(spec)[0]](parse_spec(spec)[1]), []
                reply(cid)
            elif cmd == "legal_moves":
                reply(cid, " ".join(game.moves()))
            elif cmd == "to_move":
                reply(cid, game.seat() if game.moves() else "terminal")
            elif cmd == "showboard":
                reply(cid, "\n" + game.show())
            elif cmd == "undo":
                if not history:
                    raise ValueError("cannot undo")
                game = history.pop()
                reply(cid)
            elif cmd == "play":
                plays += 1
                if misbehave == "refuse" and plays >= after:
                    raise ValueError("I refuse")
                if len(args) == 2 and game.color(args[0]) != game.turn:
                    raise ValueError("not %s's turn" % args[0])
                before = copy.deepcopy(game)
                game.play(args[-1])
                history.append(before)
                reply(cid)
            elif cmd == "genmove":
                genmoves += 1
                moves = game.moves()
                if not moves:
                    raise ValueError("game is over")
                if misbehave and genmoves >= after:
                    if misbehave == "illegal":
                        reply(cid, game.illegal_move())
                        continue
                    if misbehave == "garbage":
                        sys.stdout.write("hello, I am not a reply\n\n")
                        sys.stdout.flush()
                        continue
                    if misbehave == "silent":
                        time.sleep(3600)
                    if misbehave == "crash":
                        sys.stderr.write("random_engine: crashing on purpose\n")
                        sys.exit(3)
                    if misbehave == "flood":
                        # 1 MB, far over the referee's cap of 64 KiB, and
                        # quick to build on a loaded machine (10 MB was not).
                        sys.stdout.write("=" + cid + " " + "x" * 1_000_000 + "\n\n")
                        sys.stdout.flush()
                        continue
                    if misbehave == "resign":
                        reply(cid, "resign")
                        continue
                    if misbehave == "twowords":
                        reply(cid, moves[0] + " " + moves[-1])
                        continue
                    if misbehave == "wrongid":
                        reply(str(int(cid or "0") + 1), moves[0])
                        continue
                move = rng.choice(moves)
                before = copy.deepcopy(game)
                game.play(move)
                history.append(before)
                reply(cid, move)
            else:
                reply(cid, "unknown command", False)
        except (ValueError, IndexError, KeyError) as e:
            reply(cid, str(e).replace("\n", " ") or "error", False)


if __name__ == "__main__":
    try:
        main(sys.argv[1:])
    except (BrokenPipeError, KeyboardInterrupt):
        pass
