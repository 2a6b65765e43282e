import { modelGroups } from "../../model/index";
import { withoutUpstream } from "../../model/upstream";
import type { Json, MessageData } from "../../scenario/data";
import { groupsText } from "./differences";
import { seenGroups, type SeenGroup, type UpstreamProbe } from "./probe";
import { refineGroups } from "./refine";
import type { Signature } from "./signature-type";

// Mistakes of §5 a grouping mistake hides behind another. Every groups property's smallest
// counterexample shows the first group that differs, so where a submission labels plain
// messages otherwise and also starts each later group one message late, every counterexample
// opens with a plain message and shows the label alone. Where the grade holds a grouping
// mistake, the analysis asks the submission's groupToolRounds a fixed set of small transcripts,
// each shape of §5 once (plain messages, a round first or later, results out of call order, a
// message inside a round, overlapping and nested rounds), and names each departing answer as a
// counterexample's is (./refine): how the first differing group differs. One that no root cause
// names is one more mistake, found by asking.

const user = (id: string): MessageData => ({ id, role: "user", content: "x" }) as unknown as MessageData;
const text = (id: string): MessageData => ({ id, role: "assistant", content: [{ type: "text", text: "x" }] }) as unknown as MessageData;
const calls = (id: string, ...ids: string[]): MessageData => ({ id, role: "assistant", content: ids.map((c) => ({ type: "toolCall", id: c, name: "f", arguments: {} })) }) as unknown as MessageData;
const result = (id: string, call: string): MessageData => ({ id, role: "toolResult", toolCallId: call, toolName: "f", content: "x", isError: false }) as unknown as MessageData;

/** Each shape of §5 once, the plainest first. */
export const TRANSCRIPTS: readonly (readonly MessageData[])[] = [
  [user("u1")],
  [text("a1")],
  [calls("a1", "c1"), result("t1", "c1")],
  [calls("a1", "c1"), result("t1", "c1"), user("u1")],
  [user("u1"), user("u2"), text("a1")],
  [user("u1"), calls("a1", "c1"), result("t1", "c1"), user("u2")],
  [calls("a1", "c1", "c2"), result("t2", "c2"), result("t1", "c1")],
  [calls("a1", "c1"), user("u1"), result("t1", "c1")],
  [calls("a1", "c1"), calls("a2", "c2"), result("t1", "c1"), result("t2", "c2")],
  [calls("a1", "c1"), calls("a2", "c2"), result("t2", "c2"), result("t1", "c1")],
  [calls("a1", "c1"), result("t1", "c1"), calls("a2", "c2"), result("t2", "c2")],
];

/** Departing answers of the battery whose key no key of `known` has, one per key. */
export async function groupsBattery(probe: UpstreamProbe, known: ReadonlySet<string>): Promise<readonly Signature[]> {
  const keys = new Set(known);
  const found: Signature[] = [];
  for (const transcript of TRANSCRIPTS) {
    const outcome = await probe.observe({ operation: { kind: "groups", transcript: transcript as unknown as Json } });
    const subject = outcome?.outcome.kind === "returned" ? seenGroups(outcome.outcome.value) : null;
    if (subject === null) continue;
    const contract = withoutUpstream(() => modelGroups(transcript));
    const [mine, theirs] = [words(subject), words(contract)];
    if (mine === theirs) continue;
    const question = `groupToolRounds of ${transcript.map((m) => m.id).join(", ")}`;
    const refined = refineGroups({ layer: "groups", question, subject: groupsText(subject), contract: groupsText(contract), about: { kind: "groups", transcript, subject, contract } });
    if (keys.has(refined.key)) continue;
    keys.add(refined.key);
    found.push({ key: refined.key, rule: refined.rule, question, subject: mine, contract: theirs });
  }
  return found;
}

/** Groups in words: their spans, then their labels. */
function words(groups: readonly SeenGroup[]): string {
  return `${groupsText(groups)} (${groups.map((g) => g.kind).join(", ")})`;
}
