// One mistake (wrapper): the student checks that the input is a plain object with a bare
// `Object.getPrototypeOf(input)`, outside any try, so a Proxy whose getPrototypeOf trap throws
// (or a revoked Proxy) lets its own exception escape instead of CONTEXT_INVALID_INPUT.
import { maker } from "../_kit/assemble";
import type { Impl } from "../_kit/impl";

function touch(input: unknown): unknown {
  if (typeof input === "object" && input !== null) Object.getPrototypeOf(input);
  return input;
}

function layer(base: Impl): Impl {
  return {
    ...base,
    buildActiveContext: (input) => base.buildActiveContext(touch(input)),
    estimateContextUnits: (input) => base.estimateContextUnits(touch(input)),
    selectCompactionBoundary: (input, options) => base.selectCompactionBoundary(touch(input), options),
    compactContext: async (input, options) => base.compactContext(touch(input), options),
  };
}

export const make = maker({ "trap-escapes": { layer } });
