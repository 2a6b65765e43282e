// What every held-out implementation provides: the five functions of contract §1 (the error
// class, the constants and the Message IR helpers are re-exported from the reference where an
// implementation does not write its own). A mistake is planted by replacing some of them.
import * as core from "../../../src/core/index";

export type Impl = {
  readonly buildActiveContext: (input: unknown) => unknown;
  readonly groupToolRounds: (transcript: unknown) => unknown;
  readonly estimateContextUnits: (input: unknown) => number;
  readonly selectCompactionBoundary: (input: unknown, options: unknown) => number | null;
  readonly compactContext: (input: unknown, options: unknown) => Promise<unknown>;
};

/** The reference core, seen as an Impl. */
export const reference: Impl = {
  buildActiveContext: (input) => core.buildActiveContext(input as never),
  groupToolRounds: (transcript) => core.groupToolRounds(transcript as never),
  estimateContextUnits: (input) => core.estimateContextUnits(input as never),
  selectCompactionBoundary: (input, options) => core.selectCompactionBoundary(input as never, options as never),
  compactContext: (input, options) => core.compactContext(input as never, options as never),
};

export type ErrorCode = core.ContextCompactionErrorCode;

/** The contract's error, the reference's own class (so `instanceof` holds for every wrapper). */
export function contractError(code: ErrorCode, message: string): Error {
  return new core.ContextCompactionError(code, message);
}

/** A genuine ContextCompactionError of the reference with this code. */
export function hasCode(error: unknown, code: ErrorCode): boolean {
  return error instanceof core.ContextCompactionError && error.code === code;
}

/** Runs `fn` and turns a synchronous throw into a rejection, as an async function would. */
export function rejecting<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return fn();
  } catch (error) {
    return Promise.reject(error);
  }
}
