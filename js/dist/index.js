// tabletop-rules: the rules of Hex, Focus, Domination, Explocus and
// Hexplocus in the browser and in Node, from the Go SDK compiled to
// WebAssembly. The rules live once, in Go; this module converts and
// checks, nothing more.
//
//   import { load, open } from "tabletop-rules";
//   await load();
//   const p = open("hex(size=11)");
//   const q = p.play("f6");          // a new position; p stays as it was
//   q.moves(), q.toMove, q.isTerminal, q.result, q.svg({ coordinates: true });
//
// Positions are immutable values held by the module: each is released
// when JavaScript collects it (a FinalizationRegistry), or at once with
// free(), after which its methods throw FreedError.

import {
  RulesError, ParseError, SpecError, UnknownGameError, PositionError, MoveSyntaxError,
  IllegalMoveError, GameOverError, OutOfRangeError, NotSupportedError, FreedError, InternalError,
  fromInfo,
} from "./errors.js";

export {
  RulesError, ParseError, SpecError, UnknownGameError, PositionError, MoveSyntaxError,
  IllegalMoveError, GameOverError, OutOfRangeError, NotSupportedError, FreedError, InternalError,
};

/** toMove at a chance node: the rules draw the next move. */
export const CHANCE = -1;
/** toMove once the game is over. */
export const TERMINAL = -2;

const ABI = 4;
const FAILED = -2147483648; // what a function of the module returns when it fails
let ex = null; // the module's exports, once loaded
let loading = null;

/**
 * Loads the WebAssembly module; every other function needs it. Call it
 * once: later calls return the same promise, whatever their options
 * (which are checked all the same: bad ones are a TypeError).
 * options.url is where the module is (default: rules.wasm beside this
 * file; a relative URL is resolved against this file, index.js, not the
 * page), options.module a compiled WebAssembly.Module or its bytes.
 */
export function load(options = {}) {
  options = optionsOf(options, ["url", "module"], "load's options");
  if (options.url !== undefined && typeof options.url !== "string" && !(options.url instanceof URL)) {
    throw new TypeError(`options.url must be a string or a URL, not ${kind(options.url)}`);
  }
  const m = options.module;
  if (m !== undefined && !(m instanceof WebAssembly.Module) && !(m instanceof ArrayBuffer) && !ArrayBuffer.isView(m)) {
    throw new TypeError(`options.module must be a WebAssembly.Module or its bytes, not ${kind(m)}`);
  }
  loading ??= start(options).catch((err) => {
    loading = null;
    throw err;
  });
  return loading;
}

async function start({ url, module } = {}) {
  // The module's download starts at once, beside wasm_exec.js's.
  const where = url ?? new URL("./rules.wasm", import.meta.url);
  const source = Promise.resolve(module ?? fetchModule(where));
  source.catch(() => {}); // awaited below: a failed download is not an unhandled rejection meanwhile
  if (!globalThis.Go) {
    await import("./wasm_exec.js");
  }
  const go = new globalThis.Go();
  const instance = await instantiate(await source, go.importObject);
  go.run(instance); // returns when the module exits, which it does not
  const abi = instance.exports.tr_abi?.();
  if (abi !== ABI) {
    throw new InternalError("internal", `the WebAssembly module speaks ABI ${abi}, this wrapper ${ABI}: rebuild js/dist`);
  }
  ex = instance.exports;
}

// fetchModule returns the module's bytes from a file: URL (Node), or the
// response for any other.
async function fetchModule(where) {
  const u = where instanceof URL ? where : new URL(String(where), import.meta.url);
  if (u.protocol === "file:") {
    const { readFile } = await import("node:fs/promises");
    return readFile(u);
  }
  const res = await fetch(u);
  if (!res.ok) {
    throw new Error(`loading ${u}: ${res.status} ${res.statusText}`);
  }
  return res;
}

// instantiate compiles a module, its bytes or a response (streaming:
// compiled as it downloads, when it is served as application/wasm).
async function instantiate(source, imports) {
  if (source instanceof WebAssembly.Module) {
    return WebAssembly.instantiate(source, imports);
  }
  if (typeof Response !== "undefined" && source instanceof Response) {
    if (WebAssembly.instantiateStreaming && source.headers.get("Content-Type")?.startsWith("application/wasm")) {
      return (await WebAssembly.instantiateStreaming(source, imports)).instance;
    }
    source = await source.arrayBuffer();
  }
  return (await WebAssembly.instantiate(source, imports)).instance;
}

function lib() {
  if (!ex) {
    throw new Error("tabletop-rules: call and await load() first");
  }
  return ex;
}

// Text goes through the module's memory: put writes the strings, one
// after the other, into the room tr_in gives and returns their lengths in
// bytes; the module writes what it returns at tr_out.
const encoder = new TextEncoder();
const decoder = new TextDecoder();

const MAX_INPUT = 64 << 20; // the module's input room, in bytes

function put(...strings) {
  let room = 0;
  for (const s of strings) room += 3 * s.length; // UTF-8 takes at most 3 bytes per UTF-16 unit
  if (room > MAX_INPUT) {
    room = strings.reduce((n, s) => n + encoder.encode(s).length, 0); // the exact length, for a long text
    if (room > MAX_INPUT) {
      throw new RangeError(`a text of ${room} bytes of UTF-8: the module takes at most ${MAX_INPUT} (64 MiB)`);
    }
  }
  const at = check(ex.tr_in(room));
  const mem = new Uint8Array(ex.mem.buffer, at, room);
  const lengths = [];
  let used = 0;
  for (const s of strings) {
    const { written } = encoder.encodeInto(s, mem.subarray(used));
    lengths.push(written);
    used += written;
  }
  return lengths;
}

const out = (n) => decoder.decode(new Uint8Array(ex.mem.buffer, ex.tr_out(), check(n)));
const lines = (n) => (check(n) === 0 ? [] : out(n).split("\n"));
const int32s = (n) => new Int32Array(ex.mem.buffer, ex.tr_out(), check(n)).slice();
const float32s = (n) => new Float32Array(ex.mem.buffer, ex.tr_out(), check(n)).slice();
const float64s = (n) => Array.from(new Float64Array(ex.mem.buffer, ex.tr_out(), check(n)));

// check returns r, or throws the error the module kept when r is FAILED.
function check(r) {
  if (r === FAILED) {
    throw lastError();
  }
  return r;
}

function lastError() {
  const n = ex.tr_error();
  const json = n > 0 ? decoder.decode(new Uint8Array(ex.mem.buffer, ex.tr_out(), n)) : "";
  return fromInfo(json ? JSON.parse(json) : { code: "internal", message: "an error without a description" });
}

// kind names a value's type for a TypeError.
function kind(v) {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  if (typeof v === "object" && !isPlain(v)) return `a ${v.constructor?.name ?? "non-plain object"}`;
  return typeof v;
}

// isPlain tells an object literal (or one of Object.create(null)) from a
// class instance, an array or a boxed primitive.
function isPlain(v) {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

function text(v, what) {
  if (typeof v !== "string") {
    throw new TypeError(`${what} must be a string, not ${kind(v)}`);
  }
  return v;
}

// optionsOf checks an options argument: undefined (no options) or a plain
// object whose keys are all known; a misspelt key is an error, not an
// option quietly left at its default.
function optionsOf(options, known, what) {
  if (options === undefined) {
    return {};
  }
  if (options === null || typeof options !== "object" || !isPlain(options)) {
    throw new TypeError(`${what} must be a plain object, not ${kind(options)}`);
  }
  const own = Object.create(null); // its own keys only: nothing inherited is read
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) {
      throw new TypeError(`${what} have no option ${JSON.stringify(key)} (known: ${known.join(", ")})`);
    }
    own[key] = options[key];
  }
  return own;
}

// DEFAULT_MAX_PLIES bounds playout and rollout unless the caller asks for
// another bound, or none (Infinity): random games of Focus, Explocus and
// Hexplocus can run for minutes, and a page must not hang by default.
const DEFAULT_MAX_PLIES = 1_000_000;

// plyBound checks maxPlies (a whole number from 0, or Infinity for no
// bound) and returns what the module takes (-1: no bound).
function plyBound(maxPlies) {
  if (maxPlies === undefined) {
    return DEFAULT_MAX_PLIES;
  }
  if (maxPlies === Infinity) {
    return -1;
  }
  if (maxPlies === -Infinity) {
    throw new RangeError("maxPlies -Infinity is not in [0, 2^31 - 1] (Infinity for no bound)");
  }
  if (typeof maxPlies !== "number" || !Number.isInteger(maxPlies)) {
    throw new TypeError(`maxPlies must be a whole number or Infinity, not ${typeof maxPlies === "number" ? maxPlies : kind(maxPlies)}`);
  }
  if (maxPlies < 0 || maxPlies > 2147483647) {
    throw new RangeError(`maxPlies ${maxPlies} is not in [0, 2^31 - 1] (Infinity for no bound)`);
  }
  return maxPlies;
}

// index checks a whole number the module takes as a 32-bit integer: one
// outside that range is outside every range the rules have, [0, end())
// in the message when the caller knows it.
function index(v, what, end) {
  if (typeof v !== "number" || !Number.isInteger(v)) {
    throw new TypeError(`${what} must be a whole number, not ${typeof v === "number" ? v : kind(v)}`);
  }
  if (v < -2147483647 || v > 2147483647) {
    const reason = `${what} ${v} is ${end ? `outside [0, ${end()})` : "out of range"}`;
    throw new OutOfRangeError("out-of-range", reason, reason);
  }
  return v;
}

// seedOf checks a seed: a whole number from 0 to 2^53 - 1, or undefined
// (-1 to the module: its own generator).
function seedOf(seed) {
  if (seed === undefined) {
    return -1;
  }
  if (typeof seed !== "number" || !Number.isSafeInteger(seed) || seed < 0) {
    throw new TypeError(`the seed must be a whole number from 0 to 2^53 - 1, not ${typeof seed === "number" ? seed : kind(seed)}`);
  }
  return seed;
}

/** The registered games, by name, sorted. */
export function games() {
  return lines(lib().tr_games());
}

/** The start of the game spec names, e.g. "hex(size=11)". */
export function open(spec) {
  lib();
  const [n] = put(text(spec, "the spec"));
  return wrap(check(ex.tr_open(n)));
}

/** The position text of the game spec names. */
export function openPosition(spec, position) {
  lib();
  const [n, m] = put(text(spec, "the spec"), text(position, "the position text"));
  return wrap(check(ex.tr_open_position(n, m)));
}

/** A position from toJSON's value, its JSON text, or a Position (a copy). */
export function fromJSON(json) {
  let t = json;
  if (json instanceof Position) {
    t = JSON.stringify(json); // a copy, through its toJSON
  } else if (typeof json !== "string") {
    if (json === null || typeof json !== "object" || !isPlain(json)) {
      throw new TypeError(`fromJSON takes a JSON text, toJSON's object or a Position, not ${kind(json)}`);
    }
    t = JSON.stringify(json);
  }
  lib();
  const [n] = put(text(t, "the JSON"));
  return wrap(check(ex.tr_from_json(n)));
}

// _live counts the positions the module holds, and _module is the
// module's raw exports: for the package's own tests.
export function _live() {
  return lib().tr_live();
}

export function _module() {
  return lib();
}

const released = new FinalizationRegistry((h) => ex?.tr_free(h));
const token = Symbol("Position");

function wrap(h) {
  return new Position(token, h);
}

/** A position of a game: an immutable value; playing returns a new one. */
export class Position {
  #h;

  constructor(t, h) {
    if (t !== token) {
      throw new TypeError("use open(spec) or openPosition(spec, text) to get a Position");
    }
    this.#h = h;
    released.register(this, h, this);
  }

  // #withMove calls f with the handle and the text's length in the
  // module's input room.
  #withMove(f, move) {
    const h = this.#handle();
    const [n] = put(text(move, "the move"));
    return f(h, n);
  }

  #handle() {
    if (this.#h === 0) {
      throw new FreedError("freed", "this position was freed", "this position was freed");
    }
    return this.#h;
  }

  /** Releases the position now; its methods then throw FreedError. Freeing twice is harmless. */
  free() {
    if (this.#h !== 0) {
      released.unregister(this);
      ex.tr_free(this.#h);
      this.#h = 0;
    }
  }

  /** The canonical spec of the variant. */
  get spec() { return out(ex.tr_spec(this.#handle())); }
  /** The number of seats. */
  get seats() { return check(ex.tr_seats(this.#handle())); }
  /** The seat to move (0, 1, ...), or CHANCE, or TERMINAL. */
  get toMove() { return check(ex.tr_to_move(this.#handle())); }
  /** The plies played. */
  get ply() { return float64s(ex.tr_ply(this.#handle()))[0]; }
  /** Whether the game is over. */
  get isTerminal() { return this.toMove === TERMINAL; }
  /** The result in record notation: "1-0", "0-1", "1/2-1/2", ... or "*" while the game goes on. */
  get result() { return out(ex.tr_result(this.#handle())); }
  /** Why the game ended, in the game's words ("connection", ...); "" while it goes on. */
  get reason() { return out(ex.tr_reason(this.#handle())); }
  /** The position's 64-bit hash, in hexadecimal. */
  get hash() { return out(ex.tr_hash(this.#handle())); }
  /** Each seat's return: 1 for a win, -1 for a loss, 0 for a draw or while the game goes on. */
  returns() { return float64s(ex.tr_returns(this.#handle())); }
  /** The position text, which openPosition reads back. */
  toString() { return out(ex.tr_text(this.#handle())); }
  /** {spec, position}: what JSON.stringify writes and fromJSON reads. */
  toJSON() { return { spec: this.spec, position: this.toString() }; }
  /** The game's text picture, or "". */
  diagram() { return out(ex.tr_diagram(this.#handle())); }

  /** The legal moves (at a chance node, the outcomes) in canonical notation and order. */
  moves() { return lines(ex.tr_moves(this.#handle())); }
  /** A chance node's outcomes: {move, numerator, denominator, probability}, exact as BigInts. */
  chances() {
    return lines(ex.tr_chances(this.#handle())).map((line) => {
      const [move, num, den] = line.split("\t");
      return { move, numerator: BigInt(num), denominator: BigInt(den), probability: Number(num) / Number(den) };
    });
  }
  /** Whether move may be played here: false for an illegal move or one after the end; MoveSyntaxError for text that is no move. */
  legal(move) {
    const h = this.#handle();
    const [n] = put(text(move, "the move"));
    if (ex.tr_legal(h, n) !== FAILED) {
      return true;
    }
    const err = lastError();
    if (err instanceof IllegalMoveError) {
      return false;
    }
    throw err;
  }
  /** The move in canonical notation ("C4" → "c4"), without playing it. */
  canonical(move) { return out(this.#withMove(ex.tr_canonical, move)); }
  /** The position after move: a new Position (this one stays valid). */
  play(move) { return wrap(check(this.#withMove(ex.tr_play, move))); }
  /**
   * The position after uniformly random moves (chance outcomes by their
   * probabilities) until the game ends or maxPlies plies are played
   * (default 1,000,000; Infinity for no bound), all in the module: the
   * fast way to play random games. seed (a whole number below 2^53)
   * makes the game repeatable. Random games of Focus, Explocus and
   * Hexplocus without a ply limit rarely end: without a bound one can
   * block the thread for minutes.
   */
  playout(options) {
    const { maxPlies, seed } = optionsOf(options, ["maxPlies", "seed"], "playout's options");
    const bound = plyBound(maxPlies);
    const s = seedOf(seed);
    return wrap(check(ex.tr_playout(this.#handle(), bound, s)));
  }
  /**
   * The outcome of a uniformly random game from here, cut after maxPlies
   * plies (default 1,000,000; Infinity for no cut), found by the game's
   * fast path where it has one (Hex fills the board; the final position
   * is not kept): what a search plays at a leaf. result is "*" for a cut
   * game, whose returns are 0. seed as in playout.
   */
  rollout(options) {
    const { maxPlies, seed } = optionsOf(options, ["maxPlies", "seed"], "rollout's options");
    const bound = plyBound(maxPlies);
    const s = seedOf(seed);
    const returns = float64s(ex.tr_rollout(this.#handle(), bound, s));
    return { result: out(ex.tr_rollout_result()), returns };
  }
  /** A uniformly random legal move (a chance outcome by its probability), or "" once the game is over. */
  randomMove() { return out(ex.tr_random_move(this.#handle())); }

  /** The size of the variant's action space. */
  get numActions() { return check(ex.tr_num_actions(this.#handle())); }
  /** The size of the variant's chance action space. */
  get numChanceActions() { return check(ex.tr_num_chance_actions(this.#handle())); }
  /** The legal actions' indices, ascending (at a chance node, the chance indices of its outcomes: chanceMove names them). */
  legalActions() { return int32s(ex.tr_legal_actions(this.#handle())); }
  /** move's index in its action space. */
  actionIndex(move) { return check(this.#withMove(ex.tr_action_index, move)); }
  /** The canonical text of the decision move of index action (at a chance node too: see chanceMove). */
  actionMove(action) { return out(ex.tr_action_move(this.#handle(), index(action, "the action", () => this.numActions))); }
  /** The canonical text of the chance outcome of index action, as legalActions lists them at a chance node. */
  chanceMove(action) { return out(ex.tr_chance_move(this.#handle(), index(action, "the chance action", () => this.numChanceActions))); }
  /** The position after the move of index action (at a chance node, the outcome). */
  playAction(action) {
    const end = () => (this.toMove === CHANCE ? this.numChanceActions : this.numActions);
    return wrap(check(ex.tr_play_action(this.#handle(), index(action, "the action", end))));
  }
  /** The observation's shape: [planes, rows, cols]. */
  get observationShape() { return Array.from(int32s(ex.tr_observation_shape(this.#handle()))); }
  /**
   * The position as seen by seat, planes × rows × cols, row-major. seat
   * defaults to the seat to move; at a chance or terminal node, where
   * none is, leaving it out is a RangeError.
   */
  observation(seat) {
    const h = this.#handle();
    if (seat === undefined) {
      seat = this.toMove;
      if (seat < 0) {
        throw new RangeError("observation(): no seat is to move at a chance or terminal node: pass the seat");
      }
    }
    return float32s(ex.tr_observation(h, index(seat, "the seat", () => this.seats)));
  }
  /** The number of board transformations the rules keep, the identity first. */
  get symmetries() { return check(ex.tr_symmetries(this.#handle())); }
  /** The position under transformation k. */
  transform(k) { return wrap(check(ex.tr_transform(this.#handle(), index(k, "the symmetry", () => this.symmetries)))); }

  /**
   * The position drawn as an SVG document. options: size (pixels wide;
   * 0 or less draws the default width), coordinates (boolean), lastMove
   * (a move whose squares are tinted), highlight (square names to mark).
   * A lastMove or a name that is no square of the board marks nothing.
   */
  svg(options) {
    const { size = 0, coordinates = false, lastMove = "", highlight = [] } =
      optionsOf(options, ["size", "coordinates", "lastMove", "highlight"], "svg's options");
    index(size, "options.size");
    if (typeof coordinates !== "boolean") throw new TypeError("options.coordinates must be a boolean");
    text(lastMove, "options.lastMove");
    if (!Array.isArray(highlight) || !highlight.every((s) => typeof s === "string")) {
      throw new TypeError("options.highlight must be an array of strings");
    }
    // The module takes the squares one per line; a name holding a line
    // break is no square, so it marks nothing, as any other such name.
    const marks = highlight.filter((s) => !s.includes("\n")).join("\n");
    const h = this.#handle();
    const [n, m] = put(lastMove, marks);
    return out(ex.tr_svg(h, size, coordinates ? 1 : 0, n, m));
  }

  /** Positions are equal when they are the same position of the same variant. */
  equals(other) {
    return other instanceof Position && this.spec === other.spec && this.toString() === other.toString();
  }
}
