// One mistake (wrapper): the student checks the signal before deciding anything, so a context
// already within maxUnits is refused with CONTEXT_CANCELLED when the signal is aborted; the
// unchanged fast path must not consult the signal.
import { maker } from "../_kit/assemble";
import { dataField } from "../_kit/data";
import { contractError, type Impl } from "../_kit/impl";
import { abortedOf } from "../_kit/signal";

function layer(base: Impl): Impl {
  return {
    ...base,
    compactContext: async (input, options) => {
      const result = (await base.compactContext(input, options)) as { status: string };
      if (result.status === "unchanged" && abortedOf(dataField(options, "signal")) === true) {
        throw contractError("CONTEXT_CANCELLED", "the signal is aborted");
      }
      return result;
    },
  };
}

export const make = maker({ "fastpath-reads-signal": { layer } });
