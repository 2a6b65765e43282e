import type { Host } from "../scenario/host";
import type { PropertyDefinition } from "../scenario/property";
import type { Scenario } from "../scenario/scenario";
import type { Tampering } from "./sandbox/child-host";
import { conformanceFailure } from "./conformance";
import { guardProperty } from "./sandbox/guard";
import type { GradedHost, Prepared } from "./prepare";
import { replayCommand, writeScenarioFile } from "./replay-file";
import { identityOf } from "./submission-identity";
import type { PropertyResult, PropertyStatus } from "./result";
import { runProperty } from "./run-property";
import { pointsFor } from "./score";

export interface PropertyContext {
  readonly prepared: Prepared;
  readonly reference: Host | null;
  readonly seed: number;
  readonly numRuns: number;
  /** Where counterexample files go; null writes none (and gives no replay line). */
  readonly reportsDir: string | null;
  readonly submission: string;
  readonly onCase?: () => void;
  /** Regression corpus scenarios of this property, run before the random cases (fast-check examples). */
  readonly examples?: readonly Scenario[];
}

/** Grades one property: gates first (load, tampering, conformance), then the seeded run. */
export async function gradeProperty(def: PropertyDefinition, context: PropertyContext): Promise<PropertyResult> {
  const started = Date.now();
  const done = (status: PropertyStatus, extra: Partial<PropertyResult> = {}): PropertyResult => ({
    id: def.id,
    title: def.title,
    family: def.family,
    status,
    points: pointsFor(def, status),
    maxPoints: def.weight,
    numRuns: 0,
    durationMs: Date.now() - started,
    ...extra,
  });
  const { prepared } = context;
  const host = prepared.host;
  if (prepared.failure !== null || host === null) return done("failed", { message: `not run: ${prepared.failure ?? "no sandbox"}` });
  if (host.tampering !== null) return done("failed", { message: tamperMessage(host, "not run: ") });
  const nonConforming = conformanceFailure(def, prepared.problems);
  if (nonConforming !== null) return done("failed", { message: nonConforming });
  if (def.needsReference === true && context.reference === null) return done("error", { message: "this property needs the reference core, which could not be loaded" });

  host.beginProperty(def.id);
  const run = await runProperty(guardProperty(def, host), host, {
    seed: context.seed,
    numRuns: context.numRuns,
    reference: def.needsReference === true ? context.reference : null,
    ...(context.onCase === undefined ? {} : { onCase: context.onCase }),
    ...(context.examples === undefined ? {} : { examples: context.examples }),
  });
  if (host.tampering !== null) return done("failed", { numRuns: run.numRuns, message: tamperMessage(host, "") });
  if (run.status === "passed") return done("passed", { numRuns: run.numRuns });
  if (run.status === "error") return done("error", { numRuns: run.numRuns, message: run.message ?? "the harness failed on this property" });

  // A search cut short by a loss budget ends on skipped cases, and one whose counterexample is a
  // case of a kind that hangs (./sandbox/hang-kinds) ends on a case never run: report the last
  // case that really ran and was lost, or no counterexample at all when none of this property's cases was.
  const state = host.propertyState();
  const skip = run.observation === undefined ? undefined : host.skipOf?.(run.observation);
  const skipped = skip === undefined ? {} : { skipped: { kind: skip.key, description: skip.description, origin: skip.origin } };
  if (skip !== undefined && state.lastLost === null) return done("failed", { numRuns: run.numRuns, message: `not run: a case of this property is of a kind that hangs: ${skip.text}`, ...skipped });
  if (state.budgetExhausted && state.lastLost === null) return done("failed", { numRuns: run.numRuns, message: run.message ?? "not run: earlier calls of the same kind timed out or crashed" });
  const cutShort = (state.budgetExhausted || skip !== undefined) && state.lastLost !== null;
  const counterexample = cutShort ? state.lastLost?.scenario : run.counterexample;
  const observation = cutShort ? state.lastLost?.observation : run.observation;
  const message = cutShort
    ? `${describeLost(state.lastLost?.observation.outcome)}; ${skip === undefined ? `the search stopped after the child was lost ${state.losses} times` : `the search stopped at a case not run (${skip.text})`}, so this counterexample is not shrunk`
    : (run.message ?? "a case failed");
  let replay: string | undefined;
  if (counterexample !== undefined && context.reportsDir !== null) {
    const file = await writeScenarioFile(context.reportsDir, {
      propertyId: def.id,
      scenario: counterexample,
      seed: run.seed,
      ...(run.path === undefined ? {} : { path: run.path }),
      submission: context.submission,
      submissionId: identityOf(context.submission, prepared.fingerprint),
    });
    replay = replayCommand(file, context.submission);
  }
  return done("failed", {
    numRuns: run.numRuns,
    message,
    ...(counterexample === undefined ? {} : { counterexample }),
    ...(observation === undefined ? {} : { observation }),
    ...(cutShort || run.expected === undefined ? {} : { expected: run.expected }),
    ...(replay === undefined ? {} : { replay }),
  });
}

/** What a property after the one that tampered gets (one child at a time, it would have seen the tampered globals). */
export function notRunAfterTampering(def: PropertyDefinition, tampering: Tampering): PropertyResult {
  return { id: def.id, title: def.title, family: def.family, status: "failed", points: pointsFor(def, "failed"), maxPoints: def.weight, numRuns: 0, durationMs: 0, message: tamperText(tampering, "not run: ") };
}

function tamperMessage(host: GradedHost, prefix: string): string {
  return tamperText(host.tampering, prefix);
}

function tamperText(tampering: Tampering | null, prefix: string): string {
  const where = tampering?.propertyId == null ? "when the submission loaded" : `during ${tampering.propertyId}`;
  return `${prefix}global tampering detected ${where}: ${tampering?.message ?? "?"}`;
}

function describeLost(outcome: { kind: string; reason?: string; afterMs?: number } | undefined): string {
  if (outcome?.kind === "timeout") return `the call did not settle within ${outcome.afterMs} ms`;
  return `the subject crashed: ${outcome?.reason ?? "unknown"}`;
}
