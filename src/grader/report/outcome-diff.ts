import { contractRequest } from "../../../properties/_internals/summarizer-request";
import { contextOf } from "../../../properties/_internals/scenario-reading";
import type { Json } from "../../scenario/data";
import { expectedAs, type Expected } from "../../scenario/expected";
import type { Observation } from "../../scenario/observation";
import type { Scenario } from "../../scenario/scenario";
import { fieldDiff, fieldDiffLines, isContainer, MAX_DIFFERENCES } from "./field-diff";
import { isRecord, valueText } from "./notation";

// The lines under observed and expected that say where they differ (./field-diff): the
// returned value against the contract's (the outcome the contract accepts of the observed
// kind; one path where the printed values already differ, up to three where they print
// alike), and the request the summarizer got against the contract's request (§7 step 4),
// which no other line prints.

export interface Outcomes {
  readonly counterexample?: Scenario;
  readonly observation?: Observation;
  readonly expected?: Expected;
}

/** What a returned value is called in a path, by the call that returned it (contract §1). */
const ROOT: Readonly<Record<string, string>> = { build: "context", groups: "groups", compact: "result" };

export function outcomeDiffLines({ counterexample, observation, expected }: Outcomes): string[] {
  if (observation === undefined || expected === undefined) return [];
  const lines: string[] = [];
  const accepted = expectedAs(expected, observation);
  const outcome = observation.outcome;
  if (outcome.kind === "returned" && accepted.kind === "returns" && isContainer(outcome.value) && isContainer(accepted.value)) {
    const root = ROOT[counterexample?.operation.kind ?? ""] ?? "value";
    // Where the two printed values already differ, the first path is enough; where they print alike, up to three.
    const shown = valueText(outcome.value) !== valueText(accepted.value);
    const diff = fieldDiff(outcome.value, accepted.value, root, shown ? 1 : MAX_DIFFERENCES);
    lines.push(...fieldDiffLines(shown ? { ...diff, more: false } : diff));
  }
  const request = observation.summarizerCalls[0]?.request;
  const want = counterexample === undefined || request === undefined ? undefined : requestOf(counterexample, accepted);
  if (want !== undefined) lines.push(...fieldDiffLines(fieldDiff(request, want, "request")));
  return lines;
}

/** The contract's summarizer request when the contract compacts (its record has a boundary), else undefined. */
function requestOf(scenario: Scenario, expected: Expected): Json | undefined {
  const op = scenario.operation;
  if (op.kind !== "compact" || expected.kind !== "returns" || expected.summarizerCalls === 0 || !isRecord(expected.value)) return undefined;
  const record = expected.value.record;
  if (!isRecord(record) || typeof record.boundary !== "number") return undefined;
  try {
    return contractRequest(op, contextOf(op), record.boundary);
  } catch {
    return undefined;
  }
}
