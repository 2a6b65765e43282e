// Nia's layer over src/core's exported functions (a wrapper): her `asContext` helper that every
// export starts with, a second chance for a summary that does not fit, and an estimate that
// "never crashes". Each planted mistake is a flag.
import type { Impl } from "../_kit/impl";
import { hasCode } from "../_kit/impl";

type Flags = ReadonlySet<string>;

const isArray = Array.isArray;

export function layer(base: Impl, flags: Flags): Impl {
  /**
   * Nia's asContext: what every export is given. [planted transcript-accepted-as-context] a bare
   * array is taken as a transcript and wrapped as { messages: array } ("a context is its
   * messages plus optional extras").
   */
  const asContext = (input: unknown): unknown => (flags.has("transcript-accepted-as-context") && isArray(input) ? { messages: input } : input);

  return {
    ...base,
    buildActiveContext: (input) => base.buildActiveContext(asContext(input)),
    estimateContextUnits: (input) => {
      // [planted estimate-failure-as-zero] "an estimate never throws": an input that cannot be
      // built counts 0 units
      if (!flags.has("estimate-failure-as-zero")) return base.estimateContextUnits(asContext(input));
      try {
        return base.estimateContextUnits(asContext(input));
      } catch {
        return 0;
      }
    },
    selectCompactionBoundary: (input, options) => base.selectCompactionBoundary(asContext(input), options),
    compactContext: (input, options) => {
      const context = asContext(input);
      const first = base.compactContext(context, options);
      if (!flags.has("summary-retried-once")) return first;
      // [planted summary-retried-once] a summary refused as too large or blank gets one more
      // try: the whole compaction is run again, the summarizer called a second time
      return first.catch((error: unknown) => {
        if (hasCode(error, "CONTEXT_SUMMARY_INSUFFICIENT")) return base.compactContext(context, options);
        throw error;
      });
    },
  };
}
