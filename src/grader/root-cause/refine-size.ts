import { modelBoundary, modelBuild, modelContextUnits, modelSummaryUnits } from "../../model/index";
import { LIMIT } from "../../model/limits";
import { withoutUpstream } from "../../model/upstream";
import type { ContextData, Json } from "../../scenario/data";
import { acceptedOutcomes, type Expected } from "../../scenario/expected";
import type { Observation } from "../../scenario/observation";
import type { Scenario } from "../../scenario/scenario";
import { contractOf } from "./accepts";
import { at, outcomeDeparture, type Departure } from "./departure";
import type { UpstreamProbe } from "./probe";

// A size check of §7 steps 6 and 7 (the new summary within summaryMaxUnits, the new context
// within targetUnits) answered otherwise may be no mistake of the check: a submission that
// reckons the units of its new summary or new context otherwise fails the check where the
// contract passes it, and writes the same count into record.unitsAfter. One mistake, which
// its checks and its record both show. Told apart as Hypothesis's explain phase does, by
// asking the same compaction with one part changed: summaryMaxUnits and targetUnits raised
// alike (every cut's slack stays, so the boundary stays), maxUnits with them and a message the
// compaction removes made longer (so it still compacts, at the same boundary): the checks pass,
// and the record's unitsAfter, off by as much as explains the check's answer, is the mistake.

/** A compaction with room to spare in both checks of steps 6 and 7, the same boundary, and the contract's answer to it (a result); null where none is built. */
export interface Roomy {
  readonly roomy: Scenario;
  readonly want: Expected;
  readonly wanted: Extract<Expected, { kind: "returns" }>;
  readonly text: string;
  readonly summaryUnits: number;
  readonly reserved: number;
  readonly target: number;
}

/**
 * The same compaction with room to spare in both checks: summaryMaxUnits and targetUnits raised
 * alike (every cut's slack stays, so the boundary stays), maxUnits with them and a message the
 * compaction removes made longer (so it still compacts, at the same boundary); null where the
 * scenario is no plain compaction of a text summary or the boundary would move.
 */
export function roomyCompaction(scenario: Scenario): Roomy | null {
  const op = scenario.operation;
  if (op.kind !== "compact" || (scenario.decorations ?? []).length > 0) return null;
  const options = op.options;
  const text = (op.summarizer as { readonly text?: Json }).text;
  if (options === null || typeof options !== "object" || Array.isArray(options) || typeof text !== "string" || typeof options.summaryId !== "string") return null;
  const [target, reserved] = [options.targetUnits, options.summaryMaxUnits];
  if (typeof target !== "number" || typeof reserved !== "number") return null;
  const built = withoutUpstream(() => modelBuild(op.context));
  if (!built.ok) return null;
  const context = built.context as ContextData;
  const boundary = withoutUpstream(() => modelBoundary(context, { targetUnits: target, summaryMaxUnits: reserved, retainRecentMessages: options.retainRecentMessages as number }));
  if (boundary === null) return null;
  // Room for both checks, and a context larger than the raised maxUnits: a message the
  // compaction removes (before the boundary) is made longer, which leaves the boundary as it is.
  const summaryUnits = withoutUpstream(() => modelSummaryUnits({ id: options.summaryId as string, content: text }));
  const contextUnits = withoutUpstream(() => modelContextUnits(context));
  const room = 2 * summaryUnits + contextUnits;
  const grown = grownPrefix(op.context, boundary, target + room + 1 - contextUnits);
  if (grown === null) return null;
  const roomy: Scenario = { ...scenario, operation: { ...op, context: grown, options: { ...options, targetUnits: target + room, summaryMaxUnits: reserved + room, maxUnits: target + room } } };
  const want = contractOf(roomy);
  if (want === null) return null;
  const wanted = acceptedOutcomes(want).find((e) => e.kind === "returns");
  if (wanted?.kind !== "returns" || at(wanted.value, "record.boundary") !== boundary) return null;
  return { roomy, want, wanted, text, summaryUnits, reserved, target };
}

/** The same compaction with room to spare in both checks, as the record's departure there; null when it does not show a units count that explains the check's answer. */
export async function sizeByUnits(scenario: Scenario, observation: Observation, contract: Expected, probe: UpstreamProbe): Promise<Departure | null> {
  const room = roomyCompaction(scenario);
  if (room === null) return null;
  const { roomy, want, wanted, text, summaryUnits, reserved, target } = room;
  const answer = await probe.observe(roomy);
  if (answer?.outcome.kind !== "returned") return null;
  const [own, newUnits] = [unitsAfter(answer.outcome.value), unitsAfter(wanted.value)];
  const delta = own - newUnits;
  if (!Number.isFinite(delta) || delta === 0) return null;
  // How far the contract's own counts are from each check's limit (negative: over it).
  const slack = Math.min(reserved - summaryUnits, target - newUnits);
  const refused = observation.outcome.kind === "threw";
  const contractRefuses = acceptedOutcomes(contract).every((e) => e.kind === "throws");
  // The subject's count, off by delta, gives its answer: a refusal where the contract's count has
  // slack less than delta; an acceptance where the contract's is over by no more than -delta.
  const explains = refused && !contractRefuses ? delta > slack : !refused && contractRefuses ? slack < 0 && -delta >= -slack : false;
  if (!explains || !(await answerStaysForPlainText(scenario, observation, text, probe))) return null;
  return outcomeDeparture(answer, want, "record.unitsAfter");
}

/**
 * Whether the subject answers the same compaction alike (returns, or refuses) with its summary
 * replaced by a plain text of as many code points: a count explains a check's answer only where
 * the answer stays for every text of that count; one that turns on what the text holds
 * (whitespace around it, an emoji) is the check's own (./refine-measure).
 */
async function answerStaysForPlainText(scenario: Scenario, observation: Observation, text: string, probe: UpstreamProbe): Promise<boolean> {
  const op = scenario.operation;
  const plain = "s".repeat([...text].length);
  if (op.kind !== "compact" || plain === text) return true;
  const asked = await probe.observe({ ...scenario, operation: { ...op, summarizer: { ...(op.summarizer as object), text: plain } as typeof op.summarizer } });
  return asked === undefined || asked.outcome.kind === observation.outcome.kind;
}

/** The input context with a message before the boundary longer by `by` ASCII characters (none when `by` <= 0); null when none has a text to grow or it would pass §3's limit of a text. */
function grownPrefix(input: Json, boundary: number, by: number): Json | null {
  if (by <= 0) return input;
  if (input === null || typeof input !== "object" || Array.isArray(input) || !Array.isArray(input.messages)) return null;
  const messages = input.messages;
  for (let index = 0; index < Math.min(boundary, messages.length); index++) {
    const grown = grownMessage(messages[index]!, by);
    if (grown !== null) return { ...input, messages: messages.map((m, i) => (i === index ? grown : m)) };
  }
  return null;
}

/** A message whose text (a user's or a tool result's content, an assistant's first text block) is longer by `by`; null when it has none. */
function grownMessage(message: Json, by: number): Json | null {
  if (message === null || typeof message !== "object" || Array.isArray(message)) return null;
  const longer = (text: string): string | null => ([...text].length + by > LIMIT.stringUnits ? null : `${text}${"x".repeat(by)}`);
  if ((message.role === "user" || message.role === "toolResult") && typeof message.content === "string") {
    const content = longer(message.content);
    return content === null ? null : { ...message, content };
  }
  if (message.role !== "assistant" || !Array.isArray(message.content)) return null;
  const blocks = message.content;
  const index = blocks.findIndex((b) => b !== null && typeof b === "object" && !Array.isArray(b) && b.type === "text" && typeof b.text === "string");
  if (index === -1) return null;
  const block = blocks[index] as { readonly [k: string]: Json };
  const text = longer(block.text as string);
  return text === null ? null : { ...message, content: blocks.map((b, i) => (i === index ? { ...block, text } : b)) };
}

/** A result's record.unitsAfter; NaN when it has none. */
function unitsAfter(value: Json): number {
  const units = at(value, "record.unitsAfter");
  return typeof units === "number" ? units : Number.NaN;
}
