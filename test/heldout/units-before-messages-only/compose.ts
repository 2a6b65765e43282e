// One mistake (wrapper): the record's unitsBefore counts only the old context's messages,
// leaving out its requirements and summary (unitsBefore must be the units of the whole old
// context).
import { maker } from "../_kit/assemble";
import { patchLayer } from "../_kit/patched";

export const make = maker({
  "units-before-messages-only": {
    layer: (base) =>
      patchLayer(base, (result, old) => ({
        context: result.context,
        record: { ...result.record, unitsBefore: base.estimateContextUnits({ messages: old.messages }) },
      })),
  },
});
