// A fast-path mistake and a record mistake (wrappers): the unchanged result is not frozen; the
// record's boundary is the index of the last compacted message (boundary − 1).
import { assemble, makerOf } from "../_kit/assemble";
import { recordMistake16, unchangedResultUnfrozen } from "../_kit/s16";

export const make = makerOf(["unchanged-result-unfrozen", "record-boundary-minus-one"], (enabled) =>
  assemble([
    ...(enabled.has("record-boundary-minus-one") ? [recordMistake16({ boundaryMinusOne: true })] : []),
    ...(enabled.has("unchanged-result-unfrozen") ? [unchangedResultUnfrozen] : []),
  ]),
);
