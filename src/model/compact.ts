import type { Json } from "../scenario/data";
import { orElse, type Expected } from "../scenario/expected";
import { isControllerSlot, type Operation } from "../scenario/scenario";
import { modelBoundary } from "./boundary";
import { modelGroups } from "./groups";
import { afterBuild, modelBuild, type BuiltContext } from "./build";
import { CODE, LIMIT } from "./limits";
import type { CompactValues } from "./options";
import { compactOptionsChecked } from "./options-answer";
import { settleScript, type Settled } from "./summarizer";
import { upstreamActive, upstreamCompaction, upstreamSettling, withoutUpstream } from "./upstream";
import { modelCodePoints, modelContextUnits, modelMessagesUnits, modelRequirementsUnits, modelSummaryUnits } from "./units";

type CompactOperation = Extract<Operation, { kind: "compact" }>;

const throws = (codes: readonly string[], summarizerCalls: number): Expected => ({ kind: "throws", codes, summarizerCalls });

/** compactContext, section 7. `signal: null` means no signal, or is refused (§8): both accepted. */
export function expectedCompact(op: CompactOperation): Expected {
  const signal = op.signal;
  if (typeof signal === "object" && signal.value === null) return orElse(expectedCompactAs(op, "none"), expectedCompactAs(op, signal));
  return expectedCompactAs(op, signal);
}

/** compactContext, section 7, step by step in the contract's order, with `signal` in the options. */
function expectedCompactAs(operation: CompactOperation, signal: CompactOperation["signal"]): Expected {
  const op = { ...operation, signal };
  // Step 1: the context is built before the options are read (section 6).
  return afterBuild(modelBuild(op.context), (ctx) => compactBuilt(op, ctx));
}

function compactBuilt(op: CompactOperation, ctx: BuiltContext): Expected {
  const checked = compactOptionsChecked(op.options, op.summarizerSlot, op.signal);
  if (!checked.ok) return throws(checked.codes, 0);
  const opts = checked.values;
  const abort = opts.controlled ? op.abort : "none";
  const answered = opts.scripted ? afterAnswer(op, ctx, abort) : undefined;
  if (answered !== undefined) return answered;
  const unitsBefore = modelContextUnits(ctx);

  // Step 2: the fast path never calls the summarizer nor consults the signal.
  if (unitsBefore <= opts.maxUnits) {
    return { kind: "returns", value: { status: "unchanged", context: ctx, record: null } as unknown as Json, summarizerCalls: 0 };
  }
  // Step 3, in the listed order.
  if (abort === "beforeCall") return throws([CODE.cancelled], 0);
  if (ctx.compactions.some((r) => r.id === opts.recordId)) return throws([CODE.invalidInput], 0);
  const boundary = modelBoundary(ctx, opts);
  if (boundary === null) return throws([CODE.boundaryUnavailable], 0);
  const answer = fromStep4(op, ctx, opts, abort, boundary, unitsBefore);
  // A subject's boundary (root-cause re-check, ./upstream) where no group ends: the kept messages
  // are no valid transcript, and refusing them (before the summarizer's call, or after it) follows from that cut.
  if (!upstreamActive() || withoutUpstream(() => modelGroups(ctx.messages)).some((g) => g.endIndex === boundary)) return answer;
  const calls = answer.summarizerCalls;
  return orElse(answer, throws([CODE.invalidTranscript], 0), ...(calls > 0 ? [throws([CODE.invalidTranscript], calls)] : []));
}

/** Steps 4 to 8, once the boundary is known. */
function fromStep4(op: CompactOperation, ctx: BuiltContext, opts: CompactValues, abort: CompactOperation["abort"], boundary: number, unitsBefore: number): Expected {
  // Steps 4-5. A summarizer that is not the script (a counting function from the slot)
  // returns undefined and is not recorded by the driver as a script call.
  // Step 5 as the subject settles this script (root-cause analysis, ./upstream), else the model's.
  const signal = isControllerSlot(op.signal) ? op.signal : "none";
  const subject = opts.scripted ? upstreamSettling({ script: op.summarizer as unknown as Json, signal: opts.controlled ? signal : "none", abort }) : undefined;
  const calls = subject?.summarizerCalls ?? (opts.scripted ? 1 : 0);
  const settled: Settled = subject !== undefined ? { ...subject.settled, ...(subject.settled.kind === "fails" ? { codes: [...subject.settled.codes] } : {}) } as Settled : opts.scripted ? settleScript(op.summarizer, abort) : { kind: "value", value: { $cc: "undefined" } };
  if (settled.kind === "fails") return throws(settled.codes, calls);
  const after = afterSettled(op, ctx, opts, boundary, unitsBefore, settled.value, calls);
  return settled.orCodes === undefined || settled.orCodes.length === 0 ? after : orElse(after, throws(settled.orCodes, calls));
}

/**
 * With the subject's answer to the plain question (root-cause analysis, ./upstream): its fast
 * path, its rejections before the summarizer, and its steps 6-8 for the value the script
 * delivers are taken as right (an abort before the call is part of the question); an abort
 * later and the summarizer's settling stay the model's.
 */
function afterAnswer(op: CompactOperation, ctx: BuiltContext, abort: CompactOperation["abort"]): Expected | undefined {
  // The text the script delivers when nothing aborts (a script that never settles delivers none).
  // When it delivers none, the question asks with "": its answer is used only where the value is never read.
  const plain = op.summarizer.kind === "never" ? null : settleScript(op.summarizer, "none");
  const delivered = plain !== null && plain.kind === "value";
  const signal = isControllerSlot(op.signal) ? op.signal : "none";
  const answer = upstreamCompaction({ context: ctx, options: op.options, value: delivered ? plain.value : "", signal, beforeCall: abort === "beforeCall" });
  if (answer === undefined) return undefined;
  const taken: Expected = answer.kind === "returns" ? { kind: "returns", value: answer.value, summarizerCalls: answer.summarizerCalls } : { kind: "throws", codes: answer.codes, summarizerCalls: answer.summarizerCalls };
  const unchanged = answer.kind === "returns" && typeof answer.value === "object" && answer.value !== null && !Array.isArray(answer.value) && answer.value.status === "unchanged";
  if (unchanged || abort === "beforeCall" || answer.summarizerCalls === 0) return taken;
  if (!delivered) return undefined;
  const settled = settleScript(op.summarizer, abort);
  if (settled.kind === "fails") return throws(settled.codes, 1);
  return settled.orCodes === undefined || settled.orCodes.length === 0 ? taken : orElse(taken, throws(settled.orCodes, 1));
}

/** Steps 6-8 once the summarizer's value settled to `text`. */
function afterSettled(op: CompactOperation, ctx: BuiltContext, opts: CompactValues, boundary: number, unitsBefore: number, text: Json, calls: number): Expected {
  // Step 6.
  if (typeof text !== "string") return throws([CODE.summaryInvalid], calls);
  const blank = text.trim().length === 0;
  // A blank text past the ceiling breaks two rules the course's prose lists in either order: both codes.
  if (modelCodePoints(text) > LIMIT.stringUnits) return throws(blank ? [CODE.limitExceeded, CODE.summaryInsufficient] : [CODE.limitExceeded], calls);
  if (blank) return throws([CODE.summaryInsufficient], calls);
  const summary = { id: opts.summaryId, content: text };
  // Through modelSummaryUnits: a root-cause re-check takes the subject's own units of the summary (./upstream).
  const summaryUnits = modelSummaryUnits(summary);
  const after = (units: number) => afterSummary(ctx, opts, boundary, unitsBefore, summary, units, calls);
  // In a re-check, a subject whose units of a summary differ may count its new summary with
  // them or as the contract does (the core counts it apart from its estimate): each answer
  // taken is the subject's or the contract's, so with either the failure follows from its units.
  const contractUnits = upstreamActive() ? withoutUpstream(() => modelSummaryUnits(summary)) : summaryUnits;
  return contractUnits === summaryUnits ? after(summaryUnits) : orElse(after(summaryUnits), after(contractUnits));
}

/** Steps 6 (the summary's size) to 8 once the new summary counts `summaryUnits`. */
function afterSummary(ctx: BuiltContext, opts: CompactValues, boundary: number, unitsBefore: number, summary: { readonly id: string; readonly content: string }, summaryUnits: number, calls: number): Expected {
  if (summaryUnits > opts.summaryMaxUnits) return throws([CODE.summaryInsufficient], calls);

  // Step 7 (the suffix of a valid transcript cut between groups is always valid).
  const suffix = ctx.messages.slice(boundary);
  const unitsAfter = modelRequirementsUnits(ctx.requirements) + summaryUnits + modelMessagesUnits(suffix);
  if (unitsAfter > opts.targetUnits) return throws([CODE.summaryInsufficient], calls);

  // Step 8: the new context goes through the same rules as any input (e.g. a 257th record).
  const record = {
    id: opts.recordId,
    summaryId: opts.summaryId,
    boundary,
    compactedMessageIds: ctx.messages.slice(0, boundary).map((m) => m.id),
    unitsBefore,
    unitsAfter,
  };
  const unbuilt = { requirements: ctx.requirements, summary, messages: suffix, compactions: [...ctx.compactions, record] };
  const rebuilt = modelBuild(unbuilt as unknown as Json);
  const compacted = (context: unknown): Expected => ({ kind: "returns", value: { status: "compacted", context, record } as unknown as Json, summarizerCalls: calls });
  if (rebuilt.ok) return compacted(rebuilt.context);
  // With the contract's own answers, only a limit can refuse here: the options checked at step 1
  // and a boundary at a group end >= 1 make every other rule hold. Taken from a subject in a
  // root-cause re-check (./upstream), its boundary (0) or options (a blank id) may break them:
  // an implementation that validates again refuses, one that trusts those checks (the core)
  // builds it as it is. Either follows from the subject's answer.
  const refused = throws(rebuilt.codes, calls);
  return upstreamActive() && rebuilt.codes.some((code) => code !== CODE.limitExceeded) ? orElse(refused, compacted(unbuilt)) : refused;
}
