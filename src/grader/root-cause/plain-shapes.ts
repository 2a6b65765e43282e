import type { Json } from "../../scenario/data";
import type { Observation } from "../../scenario/observation";
import type { Scenario, SummarizerScript } from "../../scenario/scenario";
import type { SettlingQuestion } from "../../model/upstream";
import type { UpstreamProbe } from "./probe";
import { plainSettling } from "./settling";

// The plain contexts the batteries of ./analyze ask their questions on (./async-battery,
// ./cancel-battery): small contexts that need compaction, with room for the summary, on which
// the subject's plain compaction is answered right, so that only the asked part can depart.

/**
 * Plain contexts that need compaction with room for the text's summary, in order: the one
 * message of plainSettling; two messages, the first cut off (retainRecentMessages 0, a few
 * units to spare); three, the first cut off and the last retained; then each with the summary
 * left out instead of null. A battery asks on the first
 * whose plain compaction the subject answers right, so that a mistake of the boundary or the
 * walk that departs on one shape does not hide the battery's questions.
 */
export function plainShapes(text: string, summarizer: SummarizerScript, signal: SettlingQuestion["signal"], abort: string): readonly Scenario[] {
  const one = plainSettling(text, summarizer, signal, abort);
  const room = 5 + 1 + [...text].length;
  const user = (id: string, content: string) => ({ id, role: "user", content });
  // A user message's units: 4 + u(id) + u(content) (§4).
  const head = user("m1", "x".repeat(room));
  const tail = [user("m2", "y"), user("m3", "z")];
  const shaped = (kept: readonly ReturnType<typeof user>[], retain: number): Scenario => {
    const budget = room + kept.length * 7 + 4;
    const op = one.operation as Extract<Scenario["operation"], { kind: "compact" }>;
    return { operation: { ...op, context: { requirements: [], summary: null, messages: [head, ...kept], compactions: [] }, options: { maxUnits: budget, targetUnits: budget, summaryMaxUnits: room, retainRecentMessages: retain, summaryId: "s", recordId: "r" } } };
  };
  // Two long messages before a short one, room for the short one alone: the contract's cut is the
  // second group's end (for a subject whose walk never tries the first cut, or answers it otherwise).
  const second = shaped(tail.slice(0, 1), 0);
  const secondOp = second.operation as Extract<Scenario["operation"], { kind: "compact" }>;
  const past: Scenario = { operation: { ...secondOp, context: { requirements: [], summary: null, messages: [head, user("m1b", "x".repeat(room)), tail[0]!], compactions: [] } } };
  const shapes = [one, second, shaped(tail, 1), past];
  // The same with the summary left out (a valid input too), for a subject that refuses summary: null.
  const omitted = shapes.map((scenario) => {
    const op = scenario.operation as Extract<Scenario["operation"], { kind: "compact" }>;
    const { summary: _none, ...context } = op.context as { readonly [key: string]: Json };
    return { operation: { ...op, context } };
  });
  return [...shapes, ...omitted];
}

/**
 * The index of the first plain shape on which the subject's compaction with a plain text
 * summarizer (no signal) is `right`; -1 when none is (or the asking allowance is spent).
 */
export async function rightShape(probe: UpstreamProbe, text: string, right: (scenario: Scenario, observation: Observation) => boolean): Promise<number> {
  const shapes = plainShapes(text, { kind: "text", text, delivery: "sync" }, "none", "none");
  for (let i = 0; i < shapes.length; i++) {
    const control = await probe.asked(shapes[i]!);
    if (control !== undefined && right(control.scenario, control.observation)) return i;
  }
  return -1;
}
