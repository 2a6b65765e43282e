import type { PropertyResult, RootCause } from "./result";
import { isDiagnosed } from "./rubric/home";
import { callKinds } from "./sandbox/hang-kinds";

// A failure whose failing case was not run, because calls of its kind had hung before
// (sandbox/hang-kinds.ts), has no counterexample of its own: the analysis can only group it
// by its message. It belongs to the mistake that made that kind hang: when the property whose
// lost calls stopped the kind reported one of them as its counterexample, and a diagnosed root
// cause explains it, the failure joins that root cause. Otherwise it stays where it was, and
// is charged as a failure no mistake explains.

export function joinSkippedFailures(results: readonly PropertyResult[], rootCauses: readonly RootCause[]): readonly RootCause[] {
  const byId = new Map(results.map((r) => [r.id, r]));
  const causeOf = (id: string) => rootCauses.find((cause) => cause.properties.includes(id));
  const moves = new Map<string, RootCause>();
  for (const result of results) {
    if (result.status !== "failed" || result.skipped?.origin == null || result.counterexample !== undefined) continue;
    const origin = byId.get(result.skipped.origin);
    const target = causeOf(result.skipped.origin);
    if (origin?.counterexample === undefined || target === undefined || !isDiagnosed(target) || !ofKind(origin.counterexample, result.skipped.kind)) continue;
    moves.set(result.id, target);
  }
  if (moves.size === 0) return rootCauses;
  const order = new Map(results.map((r, index) => [r.id, index]));
  const joined = rootCauses.map((cause) => {
    const kept = cause.properties.filter((id) => !moves.has(id));
    const added = [...moves].filter(([, target]) => target === cause).map(([id]) => id);
    return kept.length === cause.properties.length && added.length === 0 ? cause : { ...cause, properties: [...kept, ...added].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0)) };
  });
  return joined.filter((cause) => cause.properties.length > 0 || cause.foundByAsking === true);
}

function ofKind(scenario: NonNullable<PropertyResult["counterexample"]>, key: string): boolean {
  if (key.startsWith("operation:")) return scenario.operation.kind === key.slice("operation:".length);
  return callKinds(scenario).some((kind) => kind.key === key);
}
