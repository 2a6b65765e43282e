// A units mistake and a record mistake: the student's estimateContextUnits counts an assistant
// message without its base 4 (u(id) + Σ blocks), and the record they write lists in
// compactedMessageIds the compacted messages but the last (ids 0 .. boundary - 2).
import { assemble, makerOf } from "../_kit/assemble";
import { compactedIdsOneShort, unitsMistake15 } from "../_kit/s15";

export const make = makerOf(["assistant-base-missing", "compacted-ids-one-short"], (enabled) =>
  assemble([
    ...(enabled.has("assistant-base-missing") ? [unitsMistake15({ assistantBaseMissing: true })] : []),
    ...(enabled.has("compacted-ids-one-short") ? [compactedIdsOneShort] : []),
  ]),
);
