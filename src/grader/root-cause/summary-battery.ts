import type { Host } from "../../scenario/host";
import type { PropertyDefinition } from "../../scenario/property";
import type { Scenario, SummarizerScript } from "../../scenario/scenario";
import { outcomeDeparture } from "./departure";
import { contractOf } from "./accepts";
import { diagnose } from "./diagnose";
import type { UpstreamProbe } from "./probe";
import { RULES } from "./rules";
import type { Signature } from "./signature";
import { roomy, x } from "./roomy";

// A mistake of step 6's checks of the summary that hides behind one of another kind. The
// generated summaries seldom reach the edges of step 6 (65536 code points, a blank text, a value
// that is no string), and a mistake that departs first on every compaction a summary property
// makes (a record refused, a limit of the new context) leaves a summary mistake with no failure
// of its own. Where the grade holds no summary-validation mistake, the analysis asks the
// submission a fixed set of summaries on a context with room for the longest one, each where the
// same call with a short text is compacted right, and signs the first departing answer as a
// failure would be (./diagnose): a signature of summary validation that no root cause has is one
// more mistake, found by asking.

/** The summaries asked, at step 6's edges and past them. */
const SUMMARIES: readonly SummarizerScript[] = [
  { kind: "text", text: x(65_536), delivery: "sync" },
  { kind: "text", text: "\u{1F600}".repeat(65_536), delivery: "sync" },
  { kind: "text", text: x(65_537), delivery: "sync" },
  { kind: "text", text: " ", delivery: "sync" },
  { kind: "text", text: "\n\t ", delivery: "sync" },
  // Whitespace beyond ASCII, which trim() removes as well (§7 step 6: only whitespace).
  { kind: "text", text: "\u00a0\u2003\u3000\ufeff", delivery: "sync" },
  { kind: "text", text: "", delivery: "sync" },
  { kind: "text", text: " x ", delivery: "sync" },
  { kind: "value", value: null, delivery: "sync" },
  { kind: "value", value: 42, delivery: "sync" },
  { kind: "value", value: { content: "x" }, delivery: "sync" },
];

export interface SummaryFinding {
  readonly signature: Signature;
  readonly scenario: Scenario;
}

/** The first summary of the battery answered otherwise, signed as a summary-validation mistake no key of `known` has; null when none is. */
export async function summaryBattery(probe: UpstreamProbe, def: PropertyDefinition, known: ReadonlySet<string>, reference: Host | null): Promise<SummaryFinding | null> {
  // The first context whose control (a short text) is compacted right.
  let kept: boolean | null = null;
  for (const shape of [false, true]) {
    const control = roomy({ kind: "text", text: "short", delivery: "sync" }, shape);
    const plain = await probe.asked(control);
    const want = contractOf(control);
    if (plain !== undefined && want !== null && outcomeDeparture(plain.observation, want) === null) {
      kept = shape;
      break;
    }
  }
  if (kept === null) return null;
  for (const script of SUMMARIES) {
    const question = roomy(script, kept);
    const contract = contractOf(question);
    const asked = contract === null ? undefined : await probe.asked(question);
    if (contract === null || asked === undefined || outcomeDeparture(asked.observation, contract) === null) continue;
    let signature: Signature;
    try {
      ({ signature } = await diagnose({ def, scenario: asked.scenario, observation: asked.observation }, contract, probe, reference));
    } catch {
      continue;
    }
    if (signature.undiagnosed === true || known.has(signature.key) || RULES[signature.rule].criterion !== "summary-validation") continue;
    return { signature, scenario: asked.scenario };
  }
  return null;
}
