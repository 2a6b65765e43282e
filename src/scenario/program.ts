import type { AssistantMessageData, Json, MessageData, ToolResultMessageData, UserMessageData } from "./data";
import type { FrozenReport, Outcome, SummarizerCall } from "./observation";
import type { SummarizerScript } from "./scenario";

// A compaction *program* (issue 4, item 3): a sequence of steps run against one live context.
// Steps are data, so the judge never shares a process with the subject: the driver executes
// them in the subject's realm and writes one StepObservation per step; the model simulates
// the same steps (src/model/program.ts).
//
// Live state, identical in driver and model:
// - `live`: the last context the subject built or compacted; it starts as
//   buildActiveContext({ requirements, messages: [] }).
// - `pending`: messages appended since `live` that are in no built context yet. It is empty
//   except while a tool call is open (the transcript then has a call without result).
// An append step adds its messages to `pending`, then calls
//   buildActiveContext({ requirements, summary, messages: [...live.messages, ...pending], compactions })
// with the live context's own channels. Success: `live` = the result, `pending` = []. Failure
// (CONTEXT_INVALID_TRANSCRIPT while a call is open): `live` and `pending` stay as they are, so
// the messages wait in `pending` until the step that closes the last open call builds them all.
// A compact step calls compactContext(input, options) where `input` is `live` itself when
// `pending` is empty, and otherwise the plain object above (live channels + pending messages),
// which must be refused with CONTEXT_INVALID_TRANSCRIPT. A returned "compacted"/"unchanged"
// result replaces `live` with `result.context` (and empties `pending`, whose messages were in
// the input); any other outcome changes nothing.

/** How a compact step derives its budgets from the context it is given (see programBudget). */
export interface ProgramBudget {
  /** Share (0–100) of the messages' units the target leaves for the retained messages. */
  readonly keepPercent: number;
  /** Code points reserved for the summary text: summaryMaxUnits = 5 + u(summaryId) + summaryRoom. */
  readonly summaryRoom: number;
  readonly retainRecentMessages: number;
  /** "over": maxUnits just below the context's units (compaction needed); "fits": at them (fast path). */
  readonly trigger: "over" | "fits";
}

export type ProgramAbort = "none" | "beforeCall" | "inSummarizer" | "whilePending";

/**
 * What the compact steps of a program share, as a caller who keeps them for a whole session
 * does (absent: nothing; each step gets an options object and an AbortController of its own).
 * Each call must read what it is given as it is then (contract §6, §7 step 1) and listen to its
 * signal while it waits (§7 step 5), whatever earlier calls met.
 */
export interface ProgramReuse {
  /** One options object for every compact step: before each call its fields are set to the step's. */
  readonly options?: true;
  /** One AbortController's signal for every compact step, until a step aborts it: the next step gets a new one. */
  readonly signal?: true;
}

export type ProgramStep =
  /** Append one user message. */
  | { readonly kind: "user"; readonly message: UserMessageData }
  /**
   * Append a whole tool round: an assistant message with calls, then their results, possibly
   * with other messages between them. Every call it opens, it closes.
   */
  | { readonly kind: "round"; readonly messages: readonly MessageData[] }
  /** Append an assistant message with calls whose results come only with later "close" steps. */
  | { readonly kind: "open"; readonly message: AssistantMessageData }
  /** Append the result of a call opened by an earlier "open" step. */
  | { readonly kind: "close"; readonly message: ToolResultMessageData }
  /**
   * compactContext with a controller signal. The summarizer is a script (text: a good one,
   * throw/reject: a failing one); `abort` is the AbortPoint of src/scenario/scenario.ts.
   */
  | {
      readonly kind: "compact";
      readonly summarizer: SummarizerScript;
      readonly abort: ProgramAbort;
      readonly summaryId: string;
      readonly recordId: string;
      readonly budget: ProgramBudget;
    };

export type CompactStep = Extract<ProgramStep, { kind: "compact" }>;

/** What a compact step's budgets are computed from: units of the compact input (contract §4). */
export interface ProgramMeasures {
  /** Units of the whole input context. */
  readonly units: number;
  readonly requirementUnits: number;
  readonly messageUnits: number;
  /** u(summaryId). */
  readonly summaryIdUnits: number;
}

export interface ProgramOptions {
  readonly targetUnits: number;
  readonly summaryMaxUnits: number;
  readonly retainRecentMessages: number;
  readonly maxUnits: number;
  readonly summaryId: string;
  readonly recordId: string;
}

/**
 * The one definition of a compact step's options, shared by driver and model so they cannot
 * disagree. Integer arithmetic and no built-in calls (it runs in the subject's realm too):
 *   S = 5 + u(summaryId) + summaryRoom
 *   keep = floor(messageUnits * keepPercent / 100)
 *   T = requirementUnits + S + keep
 *   maxUnits = max(T, units - 1) for "over", max(T, units) for "fits"
 * So a summary of at most summaryRoom code points always fits, and with retainRecentMessages 0
 * a boundary exists whenever the context needs compaction (the last group end keeps nothing).
 */
export function programBudget(step: CompactStep, m: ProgramMeasures): ProgramOptions {
  const b = step.budget;
  const summaryMaxUnits = 5 + m.summaryIdUnits + b.summaryRoom;
  const scaled = m.messageUnits * b.keepPercent;
  const keep = (scaled - (scaled % 100)) / 100;
  const targetUnits = m.requirementUnits + summaryMaxUnits + keep;
  const ceiling = b.trigger === "over" ? m.units - 1 : m.units;
  return {
    targetUnits,
    summaryMaxUnits,
    retainRecentMessages: b.retainRecentMessages,
    maxUnits: ceiling > targetUnits ? ceiling : targetUnits,
    summaryId: step.summaryId,
    recordId: step.recordId,
  };
}

/** The messages an append step adds, in order ([] for compact steps). */
export function stepMessages(step: ProgramStep): readonly MessageData[] {
  switch (step.kind) {
    case "user":
    case "open":
    case "close":
      return [step.message];
    case "round":
      return step.messages;
    case "compact":
      return [];
  }
}

/** What the driver writes down about one step of a program. */
export interface StepObservation {
  readonly step: number;
  /** The export the step called: buildActiveContext for appends, compactContext for compact steps. */
  readonly call: "build" | "compact";
  /**
   * The call's outcome. Returned values as data: the new context for "build", the whole
   * result `{status, context, record}` for "compact".
   */
  readonly outcome: Outcome;
  /** Deep frozen-ness of a returned value. */
  readonly frozen: FrozenReport | null;
  /** resultContextIsInput, recordIsLastCompaction (compact steps that returned). */
  readonly identity: Readonly<Record<string, boolean>>;
  /** Compact steps: the options' data part the driver derived (programBudget), else null. */
  readonly options: Json | null;
  /** Compact steps: the measures it derived them from, else null. */
  readonly measures: ProgramMeasures | null;
  readonly summarizerCalls: readonly SummarizerCall[];
  /** The call's input argument (as data) was not changed by the call. */
  readonly inputUnchanged: boolean;
  /** The live context (as data) is what it was before the step, or the step replaced it. */
  readonly liveUnchanged: boolean;
  /** The step replaced the live context with the value it returned. */
  readonly replacedLive: boolean;
  /** Messages appended but in no built context after the step (a call is open). */
  readonly pending: number;
}
