// One mistake (wrapper): the new context's summary keeps the previous summary's id when there
// was one (`{ ...context.summary, content: text }`) instead of taking options.summaryId.
import { maker } from "../_kit/assemble";
import { patchLayer } from "../_kit/patched";

type Summary = { id: string; content: string } | null;

export const make = maker({
  "new-summary-keeps-old-id": {
    layer: (base) =>
      patchLayer(base, (result, old) => {
        const previous = old.summary as Summary;
        const summary = result.context.summary as { id: string; content: string };
        return {
          record: result.record!,
          context: { ...result.context, summary: previous === null ? summary : { id: previous.id, content: summary.content } },
        };
      }),
  },
});
