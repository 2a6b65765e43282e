import type { Observation } from "../../scenario/observation";
import type { Scenario } from "../../scenario/scenario";
import { contractOf } from "./accepts";
import { outcomeDeparture } from "./departure";
import { plainShapes } from "./plain-shapes";
import type { UpstreamProbe } from "./probe";
import { scriptText } from "./steps";

// A result built past the prefix. A subject that builds the record or the new context by index
// one place off (from 1 to the boundary inclusive, say) returns a wrong field while a message is
// kept, and throws a raw TypeError (reading past the transcript's end) when the cut compacts every
// message: one mistake of step 8, shown as a value where something is kept and as an escape where
// nothing is. Told by asking the same text on the plain contexts that keep a message
// (./plain-shapes): the first one the subject compacts gives the field the escape is signed by.

/** The departure key ("value <field>") the escape is signed by, or null when the subject's cut keeps a message or no plain context returns a wrong field. */
export async function escapeWhereNothingKept(scenario: Scenario, observation: Observation, probe: UpstreamProbe | null): Promise<string | null> {
  const op = scenario.operation;
  if (probe === null || op.kind !== "compact") return null;
  // The subject's own cut (its request's boundary) compacts every message.
  const messages = (op.context as { readonly messages?: unknown }).messages;
  const cut = observation.summarizerCalls.length === 1 ? (observation.summarizerCalls[0]!.request as { readonly boundary?: unknown } | null)?.boundary : undefined;
  if (!Array.isArray(messages) || messages.length === 0 || cut !== messages.length) return null;
  const text = scriptText(op.summarizer);
  if (text === null) return null;
  for (const shape of plainShapes(text, { kind: "text", text, delivery: "sync" }, "none", "none")) {
    const expected = contractOf(shape);
    if (expected === null) continue;
    const shown = expected.kind === "returns" ? (expected.value as { readonly context?: { readonly messages?: readonly unknown[] } }).context?.messages : undefined;
    if (shown === undefined || shown.length === 0) continue;
    const answer = await probe.observe(shape);
    if (answer?.outcome.kind !== "returned") continue;
    const key = outcomeDeparture(answer, expected)?.key ?? null;
    return key !== null && key.startsWith("value ") ? key : null;
  }
  return null;
}
