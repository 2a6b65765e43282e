// Ren's own tool rounds (§5), boundary walk (§6) and compactContext (§7), written over src/core for
// the rest: the core builds and validates contexts (the new one too), reads the options, follows the
// summarizer's value and reads the signal; Ren groups the messages, walks the groups, orders the
// steps, checks the summary and writes the record. One grouping serves groupToolRounds, the walk
// of selectCompactionBoundary and the walk of compactContext. Each planted mistake is a flag.
import { buildActiveContext } from "../../../src/core/index";
import { ContextCompactionError, type ContextCompactionErrorCode } from "../../../src/core/errors";
import { contextInfo } from "../../../src/core/snapshot";
import { messageUnits, type ContextInfo } from "../../../src/core/registry";
import { readBoundaryOptions, readCompactOptions, type BoundaryOptions, type CompactOptions } from "../../../src/core/options";
import { awaitValue } from "../../../src/core/observe-async";
import { SignalWatch, readAborted, summarizerSignal } from "../../../src/core/signal";
import { codePoints } from "../../../src/core/units";
import { isNonEmpty } from "../../../src/core/read";

type Flags = ReadonlySet<string>;

/** The mistakes planted in this flow (index.ts switches all three on). */
export const PLANTED = ["inner-round-measured-from-round-start", "rounds-planned-before-validation", "units-after-counts-oldest-messages"];

type Block = { readonly type: string; readonly id?: string };
type Message = { readonly id: string; readonly role: string; readonly content: unknown; readonly toolCallId?: string };
type Group = { readonly kind: "message" | "toolRound"; readonly startIndex: number; readonly endIndex: number; readonly messages: readonly Message[] };

const freeze = Object.freeze;
const NativePromise = Promise;

function refuse(code: ContextCompactionErrorCode, message: string): never {
  throw new ContextCompactionError(code, message);
}

// ---------------------------------------------------------------------------------------------
// Tool rounds

/** For each message: the index of the last result of its tool calls (its own index when it makes none). */
function lastResults(messages: readonly Message[]): number[] {
  const reach: number[] = [];
  const callAt = new Map<string, number>();
  messages.forEach((message, i) => {
    reach[i] = i;
    if (message.role === "assistant") {
      for (const block of message.content as readonly Block[]) if (block.type === "toolCall") callAt.set(block.id as string, i);
    } else if (message.role === "toolResult") {
      const at = callAt.get(message.toolCallId as string);
      if (at !== undefined && i > reach[at]) reach[at] = i;
    }
  });
  return reach;
}

/** The groups of validated messages, from the reach of each message. */
function groupsOf(messages: readonly Message[], reach: readonly number[], flags: Flags): Group[] {
  // How far past itself each message's interval runs.
  const span = reach.map((last, i) => last - i);
  const groups: Group[] = [];
  for (let start = 0; start < messages.length; ) {
    let end = start + span[start] + 1;
    for (let i = start + 1; i < end; i++) {
      // [planted inner-round-measured-from-round-start] an inner assistant's span is laid from the round's start, not from itself
      const from = flags.has("inner-round-measured-from-round-start") ? start : i;
      end = Math.max(end, from + span[i] + 1);
    }
    groups.push(freeze({ kind: end - start > 1 ? "toolRound" : "message", startIndex: start, endIndex: end, messages: freeze(messages.slice(start, end)) }));
    start = end;
  }
  return groups;
}

/**
 * The reach of each message, planned on the caller's messages as they were given (null when the
 * flag is off, or when they cannot be planned on: the validation that follows says what is wrong).
 */
function planned(messages: () => unknown, flags: Flags): number[] | null {
  // [planted rounds-planned-before-validation] the rounds are planned on the caller's data as given, before it is validated
  if (!flags.has("rounds-planned-before-validation")) return null;
  try {
    return lastResults(messages() as readonly Message[]);
  } catch {
    return null;
  }
}

export function groupToolRoundsWith(flags: Flags) {
  return (transcript: unknown): readonly Group[] => {
    const plan = planned(() => transcript, flags);
    const messages = buildActiveContext({ messages: transcript } as never).messages as unknown as readonly Message[];
    return freeze(groupsOf(messages, plan ?? lastResults(messages), flags));
  };
}

/** The caller's own messages channel, as given. */
const callersMessages = (input: unknown) => () => (input as { messages?: unknown }).messages ?? [];

// ---------------------------------------------------------------------------------------------
// The walk

/** Units of messages [from, to) of a built context. */
function units(info: ContextInfo, from: number, to: number): number {
  return messageUnits(info, from, to);
}

function cut(info: ContextInfo, options: BoundaryOptions, flags: Flags, plan: number[] | null): number | null {
  const count = info.messages.length;
  const latest = count - options.retainRecentMessages;
  const fixed = info.requirementUnits + options.summaryMaxUnits;
  const messages = info.messages as unknown as readonly Message[];
  for (const group of groupsOf(messages, plan ?? lastResults(messages), flags)) {
    if (group.endIndex > latest) return null;
    if (fixed + units(info, group.endIndex, count) <= options.targetUnits) return group.endIndex;
  }
  return null;
}

export function selectCompactionBoundaryWith(flags: Flags) {
  return (input: unknown, options: unknown): number | null => {
    const plan = planned(callersMessages(input), flags);
    const info = contextInfo(input);
    return cut(info, readBoundaryOptions(options), flags, plan);
  };
}

// ---------------------------------------------------------------------------------------------
// compactContext

export function compactContextWith(flags: Flags) {
  return (input: unknown, options: unknown): Promise<unknown> =>
    new NativePromise((resolve, reject) => {
      try {
        begin(input, options, flags, resolve, reject);
      } catch (error) {
        reject(error);
      }
    });
}

function begin(input: unknown, rawOptions: unknown, flags: Flags, resolve: (value: unknown) => void, reject: (error: unknown) => void): void {
  // 1. the context, then the options
  const plan = planned(callersMessages(input), flags);
  const info = contextInfo(input);
  const options = readCompactOptions(rawOptions);
  // 2. small enough already
  if (info.totalUnits <= options.maxUnits) {
    resolve(freeze({ status: "unchanged", context: info.context, record: null }));
    return;
  }
  // 3. aborted? record id taken? a cut?
  const aborted = options.signal === undefined ? false : readAborted(options.signal);
  if (aborted === null) refuse("CONTEXT_INVALID_INPUT", "options.signal cannot be read");
  if (aborted) refuse("CONTEXT_CANCELLED", "aborted before compaction");
  for (const record of info.context.compactions) if (record.id === options.recordId) refuse("CONTEXT_INVALID_INPUT", "recordId is already used");
  const boundary = cut(info, options, flags, plan);
  if (boundary === null) refuse("CONTEXT_BOUNDARY_UNAVAILABLE", "no whole-group cut fits");
  // 4. the one call
  const request = freeze({
    requirements: info.context.requirements,
    previousSummary: info.context.summary,
    messages: freeze(info.messages.slice(0, boundary)),
    boundary,
    maxSummaryUnits: options.summaryMaxUnits,
  });
  let value: unknown;
  try {
    value = Reflect.apply(options.summarizer, undefined, [request, summarizerSignal(options.signal)]);
  } catch {
    refuse("CONTEXT_SUMMARIZER_FAILED", "the summarizer threw");
  }
  // 5. the wait, the signal watched
  const watch = new SignalWatch(options.signal);
  awaitValue(value, watch, (error, text) => {
    if (error !== null) {
      watch.stop();
      reject(error);
      return;
    }
    try {
      resolve(finish(info, options, boundary, text, watch, flags));
    } catch (failure) {
      reject(failure);
    }
    watch.stop();
  });
}

function stillWanted(watch: SignalWatch): void {
  const state = watch.state();
  if (state === "aborted") refuse("CONTEXT_CANCELLED", "aborted as the summary settled");
  if (state === "unreadable") refuse("CONTEXT_SUMMARIZER_FAILED", "the signal cannot be read");
}

function finish(info: ContextInfo, options: CompactOptions, boundary: number, text: unknown, watch: SignalWatch, flags: Flags): unknown {
  // 6. the text
  stillWanted(watch);
  if (typeof text !== "string") refuse("CONTEXT_SUMMARY_INVALID", "the summary is not a string");
  if (codePoints(text) > 65536) refuse("CONTEXT_LIMIT_EXCEEDED", "the summary is longer than 65536 code points");
  if (!isNonEmpty(text)) refuse("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is only whitespace");
  const summaryUnits = 5 + codePoints(options.summaryId) + codePoints(text);
  if (summaryUnits > options.summaryMaxUnits) refuse("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is over summaryMaxUnits");
  // 7. what is kept: a transcript of its own, within the target
  const count = info.messages.length;
  const kept = info.messages.slice(boundary);
  buildActiveContext({ messages: kept } as never);
  const after = info.requirementUnits + summaryUnits + units(info, boundary, count);
  if (after > options.targetUnits) refuse("CONTEXT_SUMMARY_INSUFFICIENT", "the compacted context is over targetUnits");
  // 8. the record, then the new context (validated by the core)
  const record = {
    id: options.recordId,
    summaryId: options.summaryId,
    boundary,
    compactedMessageIds: info.messages.slice(0, boundary).map((message) => message.id),
    unitsBefore: info.totalUnits,
    // [planted units-after-counts-oldest-messages] the kept messages are counted from the start of the transcript
    unitsAfter: flags.has("units-after-counts-oldest-messages") ? info.requirementUnits + summaryUnits + units(info, 0, count - boundary) : after,
  };
  const next = buildActiveContext({
    requirements: info.context.requirements,
    summary: { id: options.summaryId, content: text },
    messages: kept,
    compactions: [...info.context.compactions, record],
  } as never);
  stillWanted(watch);
  return freeze({ status: "compacted", context: next, record: next.compactions[next.compactions.length - 1] });
}
