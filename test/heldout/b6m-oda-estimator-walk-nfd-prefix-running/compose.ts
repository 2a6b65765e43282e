// b6m-oda-estimator-walk-nfd-prefix-running: Oda's estimator and walk over src/core, used by the
// exported estimateContextUnits and selectCompactionBoundary and, inside the core's compactContext
// (through _kit/compact-with), as its fast-path test and its boundary. Three planted mistakes
// (two of them in one criterion), each switchable. Its §8 choices are src/core's (no LATITUDE).
import { makerOf } from "../_kit/assemble";
import { compactWith } from "../_kit/compact-with";
import { reference, type Impl } from "../_kit/impl";
import { PLANTED, boundaryWith, contextUnits, estimateWith, walk } from "./estimate";

export function build(enabled: ReadonlySet<string>): Impl {
  return {
    ...reference,
    estimateContextUnits: estimateWith(enabled),
    selectCompactionBoundary: boundaryWith(enabled),
    compactContext: compactWith({
      small: (_units, maxUnits, info) => contextUnits(info.context, enabled) <= maxUnits,
      boundaryOf: (info, options) => walk(info.context, options, enabled),
    }) as Impl["compactContext"],
  };
}

export const make = makerOf(PLANTED, build);
