// One mistake (wrapper): the student accepts as options.signal any object with a boolean
// `aborted` (`typeof signal.aborted === "boolean"`) instead of a genuine AbortSignal, so a
// plain `{ aborted: false }` is accepted instead of CONTEXT_INVALID_INPUT. Such an object is
// honoured as far as its `aborted` goes and handed to the summarizer as its second argument.
import { maker } from "../_kit/assemble";
import { dataField, editOptions, isOrdinary, setData } from "../_kit/data";
import type { Impl } from "../_kit/impl";
import { abortedOf } from "../_kit/signal";

function accepted(options: unknown): unknown {
  const duck = dataField(options, "signal");
  if (!isOrdinary(duck) || abortedOf(duck) !== null) return options;
  const aborted = dataField(duck, "aborted");
  if (typeof aborted !== "boolean") return options;
  const mirror = new AbortController();
  if (aborted) mirror.abort();
  const summarizer = dataField(options, "summarizer");
  return editOptions(options, (copy) => {
    setData(copy, "signal", mirror.signal);
    if (typeof summarizer === "function") setData(copy, "summarizer", (request: unknown) => summarizer(request, duck));
  });
}

export const make = maker({
  "duck-typed-signal": { layer: (base: Impl) => ({ ...base, compactContext: (input, options) => base.compactContext(input, accepted(options)) }) },
});
