// TypeScript declarations of tabletop-rules (see index.js).

/** toMove at a chance node: the rules draw the next move. */
export declare const CHANCE: -1;
/** toMove once the game is over. */
export declare const TERMINAL: -2;

/** Where load finds the WebAssembly module. */
export interface LoadOptions {
  /** The module's address (default: rules.wasm beside index.js). */
  url?: string | URL;
  /** The module itself: compiled, or its bytes. */
  module?: WebAssembly.Module | BufferSource;
}

/** Loads the WebAssembly module; every other function needs it. Later calls return the same promise. */
export declare function load(options?: LoadOptions): Promise<void>;
/** The registered games, by name, sorted. */
export declare function games(): string[];
/** The start of the game spec names, e.g. "hex(size=11)". */
export declare function open(spec: string): Position;
/** The position text of the game spec names. */
export declare function openPosition(spec: string, position: string): Position;
/** A position from toJSON's value or its JSON text. */
export declare function fromJSON(json: string | PositionJSON): Position;

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

/** svg's options. */
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
  readonly ply: number;
  readonly isTerminal: boolean;
  /** "1-0", "0-1", "1/2-1/2", ... or "*" while the game goes on. */
  readonly result: string;
  /** Why the game ended, in the game's words; "" while it goes on. */
  readonly reason: string;
  /** The 64-bit hash in hexadecimal. */
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
  /** The position after random moves until the end or maxPlies plies (default: no bound); seed makes it repeatable. */
  playout(options?: { maxPlies?: number; seed?: number }): Position;
  /** The outcome of a random game from here (the game's fast path); result "*" and returns 0 for a cut one. */
  rollout(options?: { maxPlies?: number; seed?: number }): { result: string; returns: number[] };
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
  /** planes × rows × cols, row-major; seat defaults to the seat to move. */
  observation(seat?: number): Float32Array;
  readonly symmetries: number;
  transform(k: number): Position;
  svg(options?: SvgOptions): string;
  equals(other: unknown): boolean;
}

/** An error of the rules: code is the SDK's stable code, reason the why alone. */
export declare class RulesError extends Error {
  readonly code: string;
  readonly reason: string;
}
/** Text that cannot be read; offset is the byte offset of the problem. */
export declare class ParseError extends RulesError {
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
