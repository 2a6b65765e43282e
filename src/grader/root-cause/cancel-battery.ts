import { expectedFor } from "../../model/index";
import { withoutUpstream } from "../../model/upstream";
import type { Expected } from "../../scenario/expected";
import type { Observation } from "../../scenario/observation";
import type { AbortPoint, Scenario, SummarizerScript } from "../../scenario/scenario";
import { abortWords, signalWords } from "../report/glossary";
import { outcomeDeparture } from "./departure";
import type { UpstreamProbe } from "./probe";
import type { RuleId } from "./rules";
import { plainShapes, rightShape } from "./plain-shapes";
import { compactRule } from "./steps";

// A cancellation mistake that hides behind another. Where a mistake upstream (a units row, the
// boundary) departs first on every compaction a cancellation property makes, the one property
// that shows a missed abort is signed by that mistake, and the cancellation mistake has no
// failure of its own. Where the grade holds no cancellation mistake, the analysis asks the
// submission a fixed set of aborts on the first plain context it compacts right
// (./plain-shapes): each asked only when the same call without the abort is answered as the
// contract answers it, so that what departs is the abort's handling. The
// first abort answered otherwise is one more mistake, found by asking; several departing aborts
// are taken for one mistake (nothing here tells them apart).

const TEXT = "summary";
const promised: SummarizerScript = { kind: "text", text: TEXT, delivery: "promise" };
const atOnce: SummarizerScript = { kind: "text", text: TEXT, delivery: "sync" };

/** The aborts asked, in the order of §7's steps. */
export const CANCEL_BATTERY: readonly (readonly [SummarizerScript, "controller" | "controllerMuted", AbortPoint])[] = [
  [atOnce, "controller", "beforeCall"],
  [atOnce, "controller", "inSummarizer"],
  [promised, "controller", "whilePending"],
  [promised, "controller", "atSettlement"],
  [atOnce, "controllerMuted", "inSummarizer"],
  [promised, "controllerMuted", "whilePending"],
  [promised, "controllerMuted", "atSettlement"],
  [promised, "controller", "afterSettlement"],
];

export interface CancelFinding {
  readonly rule: RuleId;
  readonly question: string;
  readonly subject: string;
  readonly contract: string;
}

async function departs(probe: UpstreamProbe, scenario: Scenario): Promise<{ readonly observation: Observation; readonly expected: Expected; readonly subject: string; readonly contract: string } | null | "unanswered"> {
  const asked = await probe.asked(scenario);
  if (asked === undefined) return "unanswered";
  const { observation } = asked;
  const expected = withoutUpstream(() => expectedFor(scenario));
  const departure = outcomeDeparture(observation, expected);
  // A rejection left unhandled is no answer of the abort's (a mistake of its own, step 5's).
  return departure === null || departure.kind === "leaks" ? null : { observation, expected, subject: departure.subject, contract: departure.contract };
}

/** The first abort of the battery answered otherwise, where the same call without it is answered right; null when none is. */
export async function cancelBattery(probe: UpstreamProbe): Promise<CancelFinding | null> {
  const shape = await rightShape(probe, TEXT, (scenario, observation) => outcomeDeparture(observation, withoutUpstream(() => expectedFor(scenario))) === null);
  if (shape < 0) return null;
  for (const [script, signal, abort] of CANCEL_BATTERY) {
    const plain = await departs(probe, plainShapes(TEXT, script, "none", "none")[shape]!);
    if (plain !== null) continue;
    const scenario = plainShapes(TEXT, script, signal, abort)[shape]!;
    const found = await departs(probe, scenario);
    if (found === null || found === "unanswered") continue;
    const op = scenario.operation as Extract<Scenario["operation"], { kind: "compact" }>;
    const rule = compactRule(op, found.observation, found.expected) ?? "step5.abort";
    return { rule, question: `compactContext of ${messageWords(op)} with ${signalWords(signal)}, ${abortWords(abort)}`, subject: found.subject, contract: found.contract };
  }
  return null;
}

function messageWords(op: Extract<Scenario["operation"], { kind: "compact" }>): string {
  const n = ((op.context as { messages?: unknown[] }).messages ?? []).length;
  return n === 1 ? "one message" : `${n} messages`;
}
