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

const ABI = 1;
let api = null; // the module's functions, once loaded
let loading = null;

/**
 * Loads the WebAssembly module; every other function needs it. Call it
 * once (later calls return the same promise). options.url is where the
 * module is (default: rules.wasm beside this file), options.module a
 * compiled WebAssembly.Module or its bytes.
 */
export function load(options = {}) {
  loading ??= start(options).catch((err) => {
    loading = null;
    throw err;
  });
  return loading;
}

async function start({ url, module } = {}) {
  if (!globalThis.Go) {
    await import("./wasm_exec.js");
  }
  const go = new globalThis.Go();
  let instance;
  if (module instanceof WebAssembly.Module) {
    instance = await WebAssembly.instantiate(module, go.importObject);
  } else {
    const where = url ?? new URL("./rules.wasm", import.meta.url);
    const bytes = module ?? (await fetchBytes(where));
    ({ instance } = await WebAssembly.instantiate(bytes, go.importObject));
  }
  go.run(instance); // returns when the module exits, which it does not
  const a = globalThis.__tabletopRules;
  delete globalThis.__tabletopRules;
  if (!a || a.abi !== ABI) {
    throw new InternalError("internal", `the WebAssembly module speaks ABI ${a?.abi}, this wrapper ${ABI}: rebuild js/dist`);
  }
  api = a;
}

async function fetchBytes(where) {
  const u = where instanceof URL ? where : new URL(String(where), import.meta.url);
  if (u.protocol === "file:") {
    const { readFile } = await import("node:fs/promises");
    return readFile(u);
  }
  const res = await fetch(u);
  if (!res.ok) {
    throw new Error(`loading ${u}: ${res.status} ${res.statusText}`);
  }
  return res.arrayBuffer();
}

function lib() {
  if (!api) {
    throw new Error("tabletop-rules: call and await load() first");
  }
  return api;
}

// check returns r, or throws the error the module kept when r is null.
function check(r) {
  if (r === null) {
    throw fromInfo(JSON.parse(api.lastError() || '{"code":"internal","message":"an error without a description"}'));
  }
  return r;
}

function text(v, what) {
  if (typeof v !== "string") {
    throw new TypeError(`${what} must be a string, not ${v === null ? "null" : typeof v}`);
  }
  return v;
}

function whole(v, what) {
  if (typeof v !== "number" || !Number.isSafeInteger(v)) {
    throw new TypeError(`${what} must be a whole number, not ${typeof v === "number" ? v : typeof v}`);
  }
  return v;
}

/** The registered games, by name, sorted. */
export function games() {
  return check(lib().games());
}

/** The start of the game spec names, e.g. "hex(size=11)". */
export function open(spec) {
  return wrap(check(lib().open(text(spec, "the spec"))));
}

/** The position text of the game spec names. */
export function openPosition(spec, position) {
  return wrap(check(lib().openPosition(text(spec, "the spec"), text(position, "the position text"))));
}

/** A position from toJSON's value or its JSON text. */
export function fromJSON(json) {
  const t = typeof json === "string" ? json : JSON.stringify(json);
  return wrap(check(lib().fromJSON(text(t, "the JSON"))));
}

// _live counts the positions the module holds, and _module is the
// module's raw functions: for the package's own tests.
export function _live() {
  return lib().live();
}

export function _module() {
  return lib();
}

const released = new FinalizationRegistry((h) => api?.free(h));
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

  #handle() {
    if (this.#h === 0) {
      throw new FreedError("freed", "this position was freed", "freed");
    }
    return this.#h;
  }

  /** Releases the position now; its methods then throw FreedError. Freeing twice is harmless. */
  free() {
    if (this.#h !== 0) {
      released.unregister(this);
      api.free(this.#h);
      this.#h = 0;
    }
  }

  /** The canonical spec of the variant. */
  get spec() { return check(api.spec(this.#handle())); }
  /** The number of seats. */
  get seats() { return check(api.seats(this.#handle())); }
  /** The seat to move (0, 1, ...), or CHANCE, or TERMINAL. */
  get toMove() { return check(api.toMove(this.#handle())); }
  /** The plies played. */
  get ply() { return check(api.ply(this.#handle())); }
  /** Whether the game is over. */
  get isTerminal() { return this.toMove === TERMINAL; }
  /** The result in record notation: "1-0", "0-1", "1/2-1/2", ... or "*" while the game goes on. */
  get result() { return check(api.result(this.#handle())); }
  /** Why the game ended, in the game's words ("connection", ...); "" while it goes on. */
  get reason() { return check(api.reason(this.#handle())); }
  /** The position's 64-bit hash, in hexadecimal. */
  get hash() { return check(api.hash(this.#handle())); }
  /** Each seat's return: 1 for a win, -1 for a loss, 0 for a draw or while the game goes on. */
  returns() { return check(api.returns(this.#handle())); }
  /** The position text, which openPosition reads back. */
  toString() { return check(api.text(this.#handle())); }
  /** {spec, position}: what JSON.stringify writes and fromJSON reads. */
  toJSON() { return JSON.parse(check(api.json(this.#handle()))); }
  /** The game's text picture, or "". */
  diagram() { return check(api.diagram(this.#handle())); }

  /** The legal moves (at a chance node, the outcomes) in canonical notation and order. */
  moves() { return check(api.moves(this.#handle())); }
  /** A chance node's outcomes: {move, numerator, denominator, probability}, exact as BigInts. */
  chances() {
    return check(api.chances(this.#handle())).map(([move, num, den]) => ({
      move, numerator: BigInt(num), denominator: BigInt(den), probability: Number(num) / Number(den),
    }));
  }
  /** Whether move may be played here: false for an illegal move or one after the end; MoveSyntaxError for text that is no move. */
  legal(move) {
    if (api.legal(this.#handle(), text(move, "the move")) !== null) {
      return true;
    }
    const err = fromInfo(JSON.parse(api.lastError()));
    if (err instanceof IllegalMoveError) {
      return false;
    }
    throw err;
  }
  /** The move in canonical notation ("C4" → "c4"), without playing it. */
  canonical(move) { return check(api.canonical(this.#handle(), text(move, "the move"))); }
  /** The position after move: a new Position (this one stays valid). */
  play(move) { return wrap(check(api.play(this.#handle(), text(move, "the move")))); }
  /** A uniformly random legal move (a chance outcome by its probability), or "" once the game is over. */
  randomMove() { return check(api.randomMove(this.#handle())); }

  /** The size of the variant's action space. */
  get numActions() { return check(api.numActions(this.#handle())); }
  /** The size of the variant's chance action space. */
  get numChanceActions() { return check(api.numChanceActions(this.#handle())); }
  /** The legal actions' indices, ascending (at a chance node, of its outcomes). */
  legalActions() { return check(api.legalActions(this.#handle())); }
  /** move's index in its action space. */
  actionIndex(move) { return check(api.actionIndex(this.#handle(), text(move, "the move"))); }
  /** The canonical text of the move of index action. */
  actionMove(action) { return check(api.actionMove(this.#handle(), whole(action, "the action"))); }
  /** The position after the move of index action (at a chance node, the outcome). */
  playAction(action) { return wrap(check(api.playAction(this.#handle(), whole(action, "the action")))); }
  /** The observation's shape: [planes, rows, cols]. */
  get observationShape() { return check(api.observationShape(this.#handle())); }
  /** The position as seen by seat (default: the seat to move), planes × rows × cols, row-major. */
  observation(seat) {
    const h = this.#handle();
    if (seat === undefined) {
      seat = this.toMove;
      if (seat < 0) {
        throw new RangeError("observation(): no seat is to move at a chance or terminal node: pass the seat");
      }
    }
    return check(api.observation(h, whole(seat, "the seat")));
  }
  /** The number of board transformations the rules keep, the identity first. */
  get symmetries() { return check(api.symmetries(this.#handle())); }
  /** The position under transformation k. */
  transform(k) { return wrap(check(api.transform(this.#handle(), whole(k, "the symmetry")))); }

  /**
   * The position drawn as an SVG document. options: size (pixels wide),
   * coordinates (boolean), lastMove (a move to tint), highlight (square
   * names to mark).
   */
  svg(options = {}) {
    if (options === null || typeof options !== "object") {
      throw new TypeError("the options must be an object");
    }
    const { size = 0, coordinates = false, lastMove = "", highlight = [] } = options;
    whole(size, "options.size");
    if (typeof coordinates !== "boolean") throw new TypeError("options.coordinates must be a boolean");
    text(lastMove, "options.lastMove");
    if (!Array.isArray(highlight) || !highlight.every((s) => typeof s === "string")) {
      throw new TypeError("options.highlight must be an array of strings");
    }
    return check(api.svg(this.#handle(), JSON.stringify({ size, coordinates, lastMove, highlight })));
  }

  /** Positions are equal when they are the same position of the same variant. */
  equals(other) {
    return other instanceof Position && this.spec === other.spec && this.toString() === other.toString();
  }
}
