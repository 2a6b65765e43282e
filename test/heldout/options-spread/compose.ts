// One mistake (wrapper): the student copies the options with a spread (`{ ...options }`)
// before checking them. A getter on a field is then called and its value used instead of
// being refused, a non-enumerable own field is taken as missing, a class instance or other
// non-plain options object is accepted, and a throwing Proxy trap escapes as itself.
import { maker } from "../_kit/assemble";
import type { Impl } from "../_kit/impl";

function layer(base: Impl): Impl {
  return {
    ...base,
    selectCompactionBoundary: (input, options) => {
      const context = base.buildActiveContext(input);
      return base.selectCompactionBoundary(context, { ...(options as object) });
    },
    compactContext: async (input, options) => {
      const context = base.buildActiveContext(input);
      return base.compactContext(context, { ...(options as object) });
    },
  };
}

export const make = maker({ "options-spread": { layer } });
