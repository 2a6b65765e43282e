// b7m-tam-flow-reader-levels-request: Tam's own selectCompactionBoundary and compactContext over
// src/core, with three planted mistakes, each switchable. Its §8 choices are src/core's (no LATITUDE).
import { makerOf } from "../_kit/assemble";
import { reference } from "../_kit/impl";
import { PLANTED, compactContext, newMemory, selectCompactionBoundary } from "./flow";

export { PLANTED };
export const make = makerOf(PLANTED, (enabled) => {
  const memory = newMemory();
  return {
    ...reference,
    selectCompactionBoundary: (input: unknown, options: unknown) => selectCompactionBoundary(input, options, enabled),
    compactContext: (input: unknown, options: unknown) => compactContext(input, options, enabled, memory),
  };
});
