// The errors the package throws: each an Error subclass with the SDK's
// stable code (Go's rules.ErrorCode) and the reason alone.

/** An error of the rules: code is the SDK's stable code, reason the why alone. */
export class RulesError extends Error {
  constructor(code, message, reason = message) {
    super(message);
    this.name = new.target.name;
    this.code = code;
    this.reason = reason;
  }
}

/** Text that cannot be read: offset is the byte offset of the problem in it. */
export class ParseError extends RulesError {
  constructor(code, message, reason, offset = 0) {
    super(code, message, reason);
    this.offset = offset;
  }
}

/** A game spec that cannot be read or names no variant (code "bad-spec", or "syntax"). */
export class SpecError extends ParseError {}

/** A spec whose game is not registered (code "unknown-game"). */
export class UnknownGameError extends SpecError {}

/** A position text or stored JSON that is no position of the game (code "bad-position", or "syntax"). */
export class PositionError extends ParseError {}

/** A move text that is no move of the game (code "syntax"). */
export class MoveSyntaxError extends ParseError {}

/** A move the rules do not allow here (code "illegal", or "wrong-node"). */
export class IllegalMoveError extends RulesError {}

/** A move after the end of the game (code "game-over"). */
export class GameOverError extends IllegalMoveError {}

/** An action, chance action, symmetry or seat outside its range (code "out-of-range"). */
export class OutOfRangeError extends RulesError {}

/** A call the game cannot serve (code "not-supported"): the kit of a game with the rules alone. */
export class NotSupportedError extends RulesError {}

/** A position used after free() (code "freed"). */
export class FreedError extends RulesError {}

/** A bug in the module (code "internal"): please report it. */
export class InternalError extends RulesError {}

const byCode = {
  "unknown-game": UnknownGameError,
  "bad-spec": SpecError,
  "bad-position": PositionError,
  "illegal": IllegalMoveError,
  "wrong-node": IllegalMoveError,
  "game-over": GameOverError,
  "out-of-range": OutOfRangeError,
  "not-supported": NotSupportedError,
  "bad-handle": FreedError,
  "internal": InternalError,
  "bad-argument": InternalError, // the wrapper checks its arguments first
};

/** The error the module describes in info (its JSON: code, message, reason, offset, what). */
export function fromInfo(info) {
  const { code = "other", message = "", reason = message, offset = -1, what = "" } = info;
  let cls = byCode[code] ?? RulesError;
  if (code === "syntax") {
    cls = what === "spec" ? SpecError : what.endsWith("position") ? PositionError : MoveSyntaxError;
  }
  if (cls.prototype instanceof ParseError) {
    return new cls(code, message, reason, Math.max(offset, 0));
  }
  return new cls(code, message, reason);
}
