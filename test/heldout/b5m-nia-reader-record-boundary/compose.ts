// b5m-nia-reader-record-boundary: src/core with Nia's own record reader (./reader.ts) behind
// buildActiveContext, estimateContextUnits, selectCompactionBoundary and compactContext; each
// planted mistake switchable. Its §8 choices are src/core's (no LATITUDE).
import { makerOf } from "../_kit/assemble";
import { reference, type Impl } from "../_kit/impl";
import { compactWith } from "../_kit/compact-with";
import { boundaryOf } from "../../../src/core/boundary";
import { readBoundaryOptions } from "../../../src/core/options";
import { contextInfo, planted } from "./reader";

export const PLANTED = ["record-ids-list-kept", "record-boundary-within-transcript"];

export const make = makerOf(PLANTED, (enabled): Impl => {
  const info = (input: unknown) => {
    planted.flags = enabled;
    return contextInfo(input);
  };
  return {
    ...reference,
    buildActiveContext: (input) => info(input).context,
    estimateContextUnits: (input) => info(input).totalUnits,
    selectCompactionBoundary: (input, options) => {
      const built = info(input);
      return boundaryOf(built, readBoundaryOptions(options));
    },
    compactContext: compactWith({ contextInfo: info }) as Impl["compactContext"],
  };
});
