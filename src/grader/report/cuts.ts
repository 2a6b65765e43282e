import type { Json } from "../../scenario/data";
import type { Expected } from "../../scenario/expected";
import type { Observation } from "../../scenario/observation";
import type { Scenario } from "../../scenario/scenario";
import { isRecord } from "./notation";

// Where a boundary or compaction call cuts the transcript, as the contract expects it and as
// the subject answered: the markers of the HTML timeline, and how root causes pick a drawing.

/** The cut a boundary or compaction answer makes: a number, null (no cut), or undefined (no answer about a cut). */
export function cutOf(kind: string, value: Json | undefined): number | null | undefined {
  if (kind === "boundary") return typeof value === "number" || value === null ? value : undefined;
  if (kind === "compact" && isRecord(value)) {
    if (value.status === "unchanged") return null;
    const record = value.record;
    return isRecord(record) && typeof record.boundary === "number" ? record.boundary : undefined;
  }
  return undefined;
}

export function expectedCut(scenario: Scenario, expected: Expected | undefined): number | null | undefined {
  if (expected === undefined) return undefined;
  return expected.kind === "returns" ? cutOf(scenario.operation.kind, expected.value) : null;
}

export function observedCut(scenario: Scenario, observation: Observation | undefined): number | null | undefined {
  if (observation === undefined) return undefined;
  return observation.outcome.kind === "returned" ? cutOf(scenario.operation.kind, observation.outcome.value) : null;
}

