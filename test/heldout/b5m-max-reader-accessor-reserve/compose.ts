// b5m-max-reader-accessor-reserve: the student's own options reader over src/core, in both
// selectCompactionBoundary and compactContext, with two planted mistakes (one criterion), each
// switchable. Its §8 choices are src/core's (no LATITUDE).
import * as core from "../../../src/core/index";
import { makerOf } from "../_kit/assemble";
import { compactWith } from "../_kit/compact-with";
import { reference } from "../_kit/impl";
import { PLANTED, readBoundary, readCompact } from "./reader";

export { PLANTED };

/** selectCompactionBoundary with the student's reader: the context is built first, then the options read. */
export function boundaryWith(flags: ReadonlySet<string>) {
  return (input: unknown, options: unknown): number | null => {
    const context = core.buildActiveContext(input as never);
    return core.selectCompactionBoundary(context, readBoundary(options, flags));
  };
}

export function compactWithReader(flags: ReadonlySet<string>) {
  return compactWith({ readOptions: (options) => readCompact(options, flags) });
}

export const make = makerOf(PLANTED, (enabled) => ({
  ...reference,
  selectCompactionBoundary: boundaryWith(enabled),
  compactContext: compactWithReader(enabled) as (input: unknown, options: unknown) => Promise<unknown>,
}));
