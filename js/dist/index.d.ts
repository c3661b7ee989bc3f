// TypeScript declarations of tabletop-rules (see index.js).

/** toMove at a chance node: the rules draw the next move. */
export declare const CHANCE: -1;
/** toMove once the game is over. */
export declare const TERMINAL: -2;

/** Where load finds the WebAssembly module; another key is a TypeError. */
export interface LoadOptions {
  /** The module's address (default: rules.wasm beside index.js; a relative one is resolved against index.js, not the page). */
  url?: string | URL;
  /** The module itself: compiled, or its bytes. */
  module?: WebAssembly.Module | BufferSource;
}

/** Loads the WebAssembly module; every other function needs it. Later calls return the same promise, whatever their options (bad ones are still a TypeError). */
export declare function load(options?: LoadOptions): Promise<void>;
/** The registered games, by name, sorted. */
export declare function games(): string[];
/** The start of the game spec names, e.g. "hex(size=11)". */
export declare function open(spec: string): Position;
/** The position text of the game spec names. */
export declare function openPosition(spec: string, position: string): Position;
/** A position from toJSON's value, its JSON text, or a Position (a copy); any other argument is a TypeError. */
export declare function fromJSON(json: string | PositionJSON | Position): Position;

/** What toJSON returns and fromJSON reads. */
export interface PositionJSON {
  spec: string;
  position: string;
}

/** A chance outcome with its exact probability numerator/denominator. */
export interface Chance {
  move: string;
  numerator: bigint;
  denominator: bigint;
  /** numerator / denominator as a number. */
  probability: number;
}

/** playout's and rollout's options, a plain object; another key is a TypeError. */
export interface PlayoutOptions {
  /**
   * The most plies to play: a whole number from 0 to 2^31 - 1 (outside
   * that, a RangeError), or Infinity for no bound. Default 1,000,000: random games
   * of Focus, Explocus and Hexplocus rarely end, and without a bound one
   * can block the thread for minutes.
   */
  maxPlies?: number;
  /** Seeds the random moves (a whole number below 2^53): the same seed, the same game. */
  seed?: number;
}

/** svg's options; another key is a TypeError. */
export interface SvgOptions {
  /** The picture's width in pixels (0 or less: the default). */
  size?: number;
  /** Whether to write the file letters and rank numbers. */
  coordinates?: boolean;
  /** A move whose squares are tinted. */
  lastMove?: string;
  /** Square names to mark, e.g. the legal targets of a selected piece. */
  highlight?: string[];
}

/** A position of a game: an immutable value; playing returns a new one. */
export declare class Position {
  private constructor();
  /** Releases the position now; its methods then throw FreedError. */
  free(): void;
  readonly spec: string;
  readonly seats: number;
  /** The seat to move (0, 1, ...), CHANCE or TERMINAL. */
  readonly toMove: number;
  /** The plies played (exact: up to 2^32 - 1). */
  readonly ply: number;
  readonly isTerminal: boolean;
  /** "1-0", "0-1", "1/2-1/2", ... or "*" while the game goes on. */
  readonly result: string;
  /** Why the game ended, in the game's words; "" while it goes on. */
  readonly reason: string;
  /** The 64-bit hash: 16 hexadecimal digits. */
  readonly hash: string;
  /** Each seat's return: 1 win, -1 loss, 0 draw or not over. */
  returns(): number[];
  toString(): string;
  toJSON(): PositionJSON;
  diagram(): string;
  moves(): string[];
  chances(): Chance[];
  /** false for an illegal move or one after the end; throws MoveSyntaxError for text that is no move. */
  legal(move: string): boolean;
  canonical(move: string): string;
  play(move: string): Position;
  randomMove(): string;
  /** The position after random moves until the end or maxPlies plies (default 1,000,000); seed makes it repeatable. */
  playout(options?: PlayoutOptions): Position;
  /** The outcome of a random game from here (the game's fast path), cut after maxPlies plies (default 1,000,000); result "*" and returns 0 for a cut one. */
  rollout(options?: PlayoutOptions): { result: string; returns: number[] };
  readonly numActions: number;
  readonly numChanceActions: number;
  legalActions(): Int32Array;
  actionIndex(move: string): number;
  /** The decision move of index action (at a chance node too). */
  actionMove(action: number): string;
  /** The chance outcome of index action. */
  chanceMove(action: number): string;
  playAction(action: number): Position;
  /** [planes, rows, cols]. */
  readonly observationShape: [number, number, number];
  /** planes × rows × cols, row-major; seat defaults to the seat to move (a RangeError at a chance or terminal node, where none is: pass it). */
  observation(seat?: number): Float32Array;
  readonly symmetries: number;
  transform(k: number): Position;
  svg(options?: SvgOptions): string;
  equals(other: unknown): boolean;
}

/** An error of the rules: code is the SDK's stable code, reason the why alone. The package makes them; so may a caller, with its code first. */
export declare class RulesError extends Error {
  constructor(code: string, message: string, reason?: string);
  readonly code: string;
  readonly reason: string;
}
/** Text that cannot be read; offset is the byte offset (in UTF-8) of the problem. */
export declare class ParseError extends RulesError {
  constructor(code: string, message: string, reason?: string, offset?: number);
  readonly offset: number;
}
export declare class SpecError extends ParseError {}
export declare class UnknownGameError extends SpecError {}
export declare class PositionError extends ParseError {}
export declare class MoveSyntaxError extends ParseError {}
export declare class IllegalMoveError extends RulesError {}
export declare class GameOverError extends IllegalMoveError {}
export declare class OutOfRangeError extends RulesError {}
export declare class NotSupportedError extends RulesError {}
export declare class FreedError extends RulesError {}
export declare class InternalError extends RulesError {}
