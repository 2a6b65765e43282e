import type { ExpectedStep } from "../../src/model/program";
import { simulateProgram } from "../../src/model/program";
import type { Operation } from "../../src/scenario/scenario";

type ProgramOperation = Extract<Operation, { kind: "program" }>;

const CANCELLED = "CONTEXT_CANCELLED";

function stepOutcome(s: ExpectedStep): string {
  if (s.expected.kind === "throws") return s.expected.codes.includes(CANCELLED) ? CANCELLED : s.expected.codes[0]!;
  return s.call === "build" ? "built" : String((s.expected.value as { status?: unknown }).status);
}

/** Longest run of compact steps (appends between them allowed) that all compacted. */
function longestCompactedRun(steps: readonly ExpectedStep[]): number {
  let best = 0;
  let run = 0;
  for (const s of steps) {
    if (s.call !== "compact") continue;
    run = stepOutcome(s) === "compacted" ? run + 1 : 0;
    best = Math.max(best, run);
  }
  return best;
}

/**
 * The classes a program reaches, read from the model's run of it (what happens, not what the
 * generator meant): length, compactions in a row, in-flight refusals, each failing outcome.
 */
export function programClasses(op: ProgramOperation): string[] {
  const steps = simulateProgram(op).steps;
  const labels = new Set<string>();
  const n = steps.length;
  labels.add(n >= 20 ? "steps:20+" : n >= 10 ? "steps:10-19" : "steps:under-10");
  const inRow = longestCompactedRun(steps);
  if (inRow >= 3) labels.add("compacted:3-in-a-row");
  if (inRow >= 3 && n >= 20) labels.add("long:20+-steps-3-compactions-in-a-row");
  const compacted = steps.filter((s) => s.call === "compact" && stepOutcome(s) === "compacted");
  if (compacted.length >= 5) labels.add("compacted:5+");
  if (compacted.some((s) => s.before.summary !== null)) labels.add("compacted:over-previous-summary");
  // The ids of compactions that failed: a later one that compacts with them retried one (it never used them).
  const failedIds = new Set<string>();
  steps.forEach((s, i) => {
    const outcome = stepOutcome(s);
    const step = op.steps[i];
    if (s.call === "compact") {
      labels.add(`compact:${outcome}`);
      if (step?.kind === "compact") {
        if (outcome === "compacted" && failedIds.has(step.recordId)) labels.add("compacted:retry-after-failure");
        if (outcome !== "compacted" && outcome !== "unchanged") failedIds.add(step.recordId);
      }
      if (s.openBefore > 0) labels.add("in-flight:compact-refused");
      if (i > 0 && outcome === "compacted" && stepOutcome(steps[i - 1]!) === "compacted") labels.add("compacted:back-to-back");
    } else {
      if (outcome !== "built") labels.add("in-flight:append-refused");
      if (outcome === "built" && i > 0 && steps[i - 1]!.pending > 0) labels.add("in-flight:closed-and-built");
    }
  });
  for (const step of op.steps) {
    if (step.kind === "round" && step.messages.length > 1 + step.messages.filter((m) => m.role === "toolResult").length) labels.add("round:interleaved");
    if (step.kind === "compact") labels.add(`summarizer:${step.summarizer.kind}`);
  }
  return [...labels].sort();
}
