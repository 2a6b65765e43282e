import type { Json } from "../scenario/data";
import { isControllerSlot, type SignalSlot, type SummarizerSlot } from "../scenario/scenario";
import type { BoundaryOptions } from "./boundary";
import { modelBoundaryOptions, modelCompactOptions, type CompactValues, type OptionsCheck } from "./options";
import { isRecord, numberOf } from "./special";
import { upstreamOptions } from "./upstream";

// The options checks of §6 and §7 with the subject's answer to "does this operation accept
// these options, else with which code" taken as right (root-cause analysis, ./upstream). A
// rejection is its code; an acceptance the contract refuses is read as plainly as the options
// allow (integers, string ids, the driver's signal or none, the script as summarizer), and
// when they cannot be read so the model keeps its own check.

export function compactOptionsChecked(options: Json, summarizer: SummarizerSlot, signal: SignalSlot): OptionsCheck<CompactValues> {
  const own = modelCompactOptions(options, summarizer, signal);
  const answer = upstreamOptions({ operation: "compact", options, summarizerSlot: summarizer as Json, signal: signal as Json });
  if (answer === undefined) return own;
  if (!answer.ok) return { ok: false, codes: [answer.code] };
  if (own.ok || summarizer !== "script" || !isRecord(options)) return own;
  const fields = boundaryFields(options);
  const maxUnits = integer(options["maxUnits"]);
  const { summaryId, recordId } = options;
  if (fields === null || maxUnits === null || typeof summaryId !== "string" || typeof recordId !== "string") return own;
  return { ok: true, values: { ...fields, maxUnits, summaryId, recordId, controlled: isControllerSlot(signal), scripted: true } };
}

export function boundaryOptionsChecked(options: Json): OptionsCheck<BoundaryOptions> {
  const own = modelBoundaryOptions(options);
  const answer = upstreamOptions({ operation: "boundary", options });
  if (answer === undefined) return own;
  if (!answer.ok) return { ok: false, codes: [answer.code] };
  if (own.ok || !isRecord(options)) return own;
  const fields = boundaryFields(options);
  return fields === null ? own : { ok: true, values: fields };
}

function boundaryFields(options: { [key: string]: Json }): BoundaryOptions | null {
  const targetUnits = integer(options["targetUnits"]);
  const summaryMaxUnits = integer(options["summaryMaxUnits"]);
  const retainRecentMessages = integer(options["retainRecentMessages"]);
  return targetUnits === null || summaryMaxUnits === null || retainRecentMessages === null ? null : { targetUnits, summaryMaxUnits, retainRecentMessages };
}

/** A plain non-negative safe integer (what the contract reads as a budget), else null. */
function integer(raw: Json | undefined): number | null {
  const n = numberOf(raw);
  return n !== undefined && Number.isSafeInteger(n) && n >= 0 && !Object.is(n, -0) ? n : null;
}
