// b7m-tam-flow-lookout-early-once: Tam's own compactContext and signal lookout over src/core, with
// two planted mistakes, each switchable. Its §8 choices are src/core's (no LATITUDE).
import { makerOf } from "../_kit/assemble";
import { reference } from "../_kit/impl";
import { PLANTED, compactContext, newMemory } from "./flow";

export { PLANTED };
export const make = makerOf(PLANTED, (enabled) => {
  const memory = newMemory();
  return { ...reference, compactContext: (input: unknown, options: unknown) => compactContext(input, options, enabled, memory) };
});
