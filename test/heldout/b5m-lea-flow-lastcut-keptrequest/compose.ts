// b5m-lea-flow-lastcut-keptrequest: Lea's own compactContext and boundary walk over src/core, with
// two planted mistakes (both boundary selection), each switchable. Its §8 choices are src/core's.
import { makerOf } from "../_kit/assemble";
import { reference } from "../_kit/impl";
import { PLANTED, compactContext, selectCompactionBoundary } from "./flow";

export const make = makerOf(PLANTED, (enabled) => ({
  ...reference,
  selectCompactionBoundary: (input: unknown, options: unknown) => selectCompactionBoundary(input, options, enabled),
  compactContext: (input: unknown, options: unknown) => compactContext(input, options, enabled),
}));
