import type { Json } from "../../scenario/data";
import type { Host } from "../../scenario/host";
import type { PropertyDefinition } from "../../scenario/property";
import type { Decoration, Scenario } from "../../scenario/scenario";
import { judgedBattery, judgedRight, type JudgedFinding } from "./judged-battery";
import type { UpstreamProbe } from "./probe";

// A mistake in reading the input as data that hides behind another. Where a mistake of another
// kind departs first on every scenario the reading properties draw (a rejection left unhandled
// on every failed compaction, a units row every answer shows), a reader that lets a trap's
// exception out, calls a getter or repairs the input never fails a property of its own. Where
// the grade holds no mistake of immutable snapshots and ceilings, the analysis builds one small
// context (a requirement, a user message, a tool call and its result) with one hostile thing at
// a time (each kind of contract §3's input rules, at the root, a message or the arguments), and
// judges each answer with the reading properties' own checks; only where the same context
// without it is built right.

const ARGS = ["messages", 1, "content", 0, "arguments"] as const;

/** The small context every question builds. */
export const READING_INPUT: Json = {
  requirements: [{ id: "r1", content: "be brief" }],
  messages: [
    { id: "m1", role: "user", content: "hi" },
    { id: "a1", role: "assistant", content: [{ type: "toolCall", id: "c1", name: "f", arguments: { q: "x" } }] },
    { id: "t1", role: "toolResult", toolCallId: "c1", toolName: "f", content: "ok" },
  ],
};

const at = (path: readonly (string | number)[], kind: string, fields: Record<string, Json> = {}): Decoration => ({ kind, target: "input", path: [...path], ...fields });

/** One hostile thing per question, in the order of contract §3's rules. */
export const READING_BATTERY: readonly Decoration[] = [
  ...["getPrototypeOf", "ownKeys", "getOwnPropertyDescriptor"].flatMap((trap) => [at([], "proxy", { throwingTrap: trap }), at(["messages", 0], "proxy", { throwingTrap: trap }), at(ARGS, "proxy", { throwingTrap: trap })]),
  at(["messages", 0], "proxy"),
  at(["messages", 0, "content"], "getter"),
  at(["requirements", 0, "content"], "setterOnly"),
  at(["messages", 0], "prototype", { proto: "class" }),
  at(["messages", 0], "prototype", { proto: "objectCreate" }),
  at(["messages", 0], "prototype", { proto: "null" }),
  at(ARGS, "prototype", { proto: "class" }),
  at(ARGS, "symbolKey"),
  at(["messages", 0], "symbolKey"),
  at([...ARGS, "q"], "nonEnumerable"),
  at([...ARGS, "q"], "cycle"),
  at([...ARGS, "q"], "value", { value: { $cc: "function" } }),
  at([...ARGS, "q"], "value", { value: { $cc: "bigint", value: "12" } }),
  at(["messages", 0, "content"], "value", { value: { $cc: "undefined" } }),
];

const build = (decorations: readonly Decoration[]): Scenario => ({ operation: { kind: "build", input: READING_INPUT }, ...(decorations.length === 0 ? {} : { decorations }) });

/** The first hostile thing whose build one of `judges` (the reading properties) refuses with a new signature of reading; null when none is. */
export async function readingBattery(probe: UpstreamProbe, judges: readonly PropertyDefinition[], known: ReadonlySet<string>, reference: Host | null): Promise<JudgedFinding | null> {
  const control = await probe.asked(build([]));
  if (control === undefined || !judgedRight(control.scenario, control.observation, judges)) return null;
  return judgedBattery(probe, READING_BATTERY.map((d) => build([d])), judges, "immutable-snapshots-and-ceilings", known, reference);
}
