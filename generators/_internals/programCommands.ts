import fc from "fast-check";
import type { AssistantMessageData, Json, MessageData } from "../../src/scenario/data";
import type { ProgramStep } from "../../src/scenario/program";
import type { CompactPlan, RoundPlan } from "./programParts";
import { abortedCompact, callPlan, cancelledNeverCompact, content, failingCompact, goodCompact, roundPlan } from "./programParts";

// Model-based generation of compaction programs with fc.commands. The "real system" of
// these commands is only a recorder: running a command appends the program step it stands
// for. The light model knows what the commands need to stay meaningful (which calls are
// open, the next free ids); `check` refuses a command whose step would make no sense
// (closing when no call is open), and fc.modelRun skips it. Shrinking removes commands
// and the steps are recorded again, with fresh ids, from what is left.

export interface ProgramModel {
  /** Calls opened by "open" steps and not yet closed, oldest first. */
  open: { id: string; name: string }[];
  messages: number;
  calls: number;
  compactions: number;
  /** The last compaction failed (its summarizer did): the next one retries with its ids, which it never used (§7: a failure changes nothing). */
  retry: boolean;
}

export interface ProgramRecorder {
  readonly steps: ProgramStep[];
}

type ProgramCommand = fc.Command<ProgramModel, ProgramRecorder>;

/** At most this many calls open at once (enough for interleaved in-flight calls). */
const MAX_OPEN = 3;

const messageId = (m: ProgramModel) => `m${++m.messages}`;
const callId = (m: ProgramModel) => `call${++m.calls}`;

class AppendUser implements ProgramCommand {
  constructor(readonly text: string) {}
  check = () => true;
  run(m: ProgramModel, r: ProgramRecorder): void {
    r.steps.push({ kind: "user", message: { id: messageId(m), role: "user", content: this.text } });
  }
  toString = () => `user(${JSON.stringify(this.text)})`;
}

/** A whole round: the assistant's calls, their results in a chosen order, other messages between. */
class AppendRound implements ProgramCommand {
  constructor(readonly plan: RoundPlan) {}
  check = () => true;
  run(m: ProgramModel, r: ProgramRecorder): void {
    const calls = this.plan.calls.map((c) => ({ ...c, id: callId(m) }));
    const assistant: AssistantMessageData = {
      id: messageId(m),
      role: "assistant",
      content: [...(this.plan.lead === null ? [] : [{ type: "text" as const, text: this.plan.lead }]), ...calls.map((c) => ({ type: "toolCall" as const, id: c.id, name: c.name, arguments: c.args }))],
    };
    const remaining = [...calls];
    const results: MessageData[] = [];
    for (let i = 0; remaining.length > 0; i++) {
      const [c] = remaining.splice((this.plan.picks[i] ?? 0) % remaining.length, 1);
      results.push({ id: messageId(m), role: "toolResult", toolCallId: c!.id, toolName: c!.name, content: c!.result, isError: c!.isError });
    }
    for (const b of this.plan.between) {
      const extra: MessageData = b.kind === "user" ? { id: messageId(m), role: "user", content: b.content } : { id: messageId(m), role: "assistant", content: [{ type: "text", text: b.content }] };
      results.splice(b.at % (results.length + 1), 0, extra);
    }
    r.steps.push({ kind: "round", messages: [assistant, ...results] });
  }
  toString = () => `round(${this.plan.calls.length} calls, ${this.plan.between.length} between)`;
}

/** An assistant message whose calls stay open until CloseCall commands answer them. */
class OpenCall implements ProgramCommand {
  constructor(readonly calls: readonly { name: string; args: { [key: string]: Json } }[]) {}
  check = (m: Readonly<ProgramModel>) => m.open.length + this.calls.length <= MAX_OPEN;
  run(m: ProgramModel, r: ProgramRecorder): void {
    const calls = this.calls.map((c) => ({ ...c, id: callId(m) }));
    for (const c of calls) m.open.push({ id: c.id, name: c.name });
    r.steps.push({ kind: "open", message: { id: messageId(m), role: "assistant", content: calls.map((c) => ({ type: "toolCall", id: c.id, name: c.name, arguments: c.args })) } });
  }
  toString = () => `open(${this.calls.map((c) => c.name).join(", ")})`;
}

class CloseCall implements ProgramCommand {
  constructor(readonly pick: number, readonly text: string, readonly isError: boolean) {}
  check = (m: Readonly<ProgramModel>) => m.open.length > 0;
  run(m: ProgramModel, r: ProgramRecorder): void {
    const [call] = m.open.splice(this.pick % m.open.length, 1);
    r.steps.push({ kind: "close", message: { id: messageId(m), role: "toolResult", toolCallId: call!.id, toolName: call!.name, content: this.text, isError: this.isError } });
  }
  toString = () => `close(#${this.pick})`;
}

class Compact implements ProgramCommand {
  constructor(readonly plan: CompactPlan) {}
  check = () => true;
  run(m: ProgramModel, r: ProgramRecorder): void {
    const n = m.retry ? m.compactions : ++m.compactions;
    m.retry = this.plan.fails === true;
    r.steps.push({ kind: "compact", summarizer: this.plan.summarizer, abort: this.plan.abort, summaryId: `summary-${n}`, recordId: `record-${n}`, budget: this.plan.budget });
  }
  toString = () => `compact(${this.plan.label})`;
}

/**
 * A program's mix of commands. "mixed": every kind, appends and good compactions dominating;
 * "steady": appends and good compactions only, so long runs of successful compactions (each
 * one over the previous summary) are common rather than rare; "failures": appends and
 * compactions, many of them failing in the ways a call may leave state behind (throws, rejects,
 * too long, cancelled, a summary that never settles cancelled while pending), between good ones.
 * (No thenable chains: a submission that hangs on them would lose calls here too, and lost calls
 * of many kinds stop an operation for good; chains have properties of their own.)
 */
export type ProgramProfile = "mixed" | "steady" | "failures";

const user = content.map((text): ProgramCommand => new AppendUser(text));
const round = roundPlan.map((plan): ProgramCommand => new AppendRound(plan));
const open = fc.array(callPlan, { minLength: 1, maxLength: 2 }).map((calls): ProgramCommand => new OpenCall(calls));
const close = fc.tuple(fc.nat(5), content, fc.boolean()).map(([pick, text, isError]): ProgramCommand => new CloseCall(pick, text, isError));
const good = goodCompact.map((plan): ProgramCommand => new Compact(plan));
const failing = failingCompact.map((plan): ProgramCommand => new Compact(plan));
const aborted = abortedCompact.map((plan): ProgramCommand => new Compact(plan));
const neverCancelled = cancelledNeverCompact.map((plan): ProgramCommand => new Compact(plan));

export function programCommand(profile: ProgramProfile): fc.Arbitrary<ProgramCommand> {
  if (profile === "steady") return fc.oneof({ arbitrary: user, weight: 3 }, { arbitrary: round, weight: 2 }, { arbitrary: good, weight: 3 });
  if (profile === "failures") {
    return fc.oneof(
      { arbitrary: user, weight: 3 },
      { arbitrary: round, weight: 2 },
      { arbitrary: good, weight: 4 },
      { arbitrary: failing, weight: 1 },
      { arbitrary: aborted, weight: 1 },
      { arbitrary: neverCancelled, weight: 1 },
    );
  }
  return fc.oneof(
    { arbitrary: user, weight: 4 },
    { arbitrary: round, weight: 3 },
    { arbitrary: open, weight: 1 },
    { arbitrary: close, weight: 3 },
    { arbitrary: good, weight: 6 },
    { arbitrary: failing, weight: 2 },
    { arbitrary: aborted, weight: 1 },
  );
}

/** The program steps of a command sequence: the commands run against a recorder. */
export function recordSteps(commands: Iterable<ProgramCommand>): ProgramStep[] {
  const recorder: ProgramRecorder = { steps: [] };
  fc.modelRun(() => ({ model: { open: [], messages: 0, calls: 0, compactions: 0, retry: false }, real: recorder }), commands);
  return recorder.steps;
}

export type { ProgramCommand };
