// b8m-wes-rewrite2: Wes's own flow (./flow.ts: his options reader, his waiting step, his reading
// of the settled summary) over src/core for the rest; three planted mistakes, each switchable.
// Its §8 choices are src/core's (no LATITUDE).
import { makerOf } from "../_kit/assemble";
import { reference } from "../_kit/impl";
import { compactContext, selectCompactionBoundary } from "./flow";

export const PLANTED = ["cycle-as-unobservable", "maxunits-required-for-boundary", "summary-coerced-to-string"];

export const make = makerOf(PLANTED, (enabled) => ({
  ...reference,
  selectCompactionBoundary: (input: unknown, options: unknown) => selectCompactionBoundary(input, options, enabled),
  compactContext: (input: unknown, options: unknown) => compactContext(input, options, enabled),
}));
