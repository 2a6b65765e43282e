import { join, relative } from "node:path";
import { PACKAGE_ROOT } from "../../package/layout";
import type { Host } from "../../scenario/host";
import type { PropertyDefinition } from "../../scenario/property";
import type { Scenario } from "../../scenario/scenario";
import { conformanceFailure } from "../conformance";
import { guardProperty } from "../sandbox/guard";
import { createInProcessHost } from "../in-process-host";
import { prepareSubmission } from "../prepare";
import { runProperty, type PropertyRun } from "../run-property";
import type { SandboxLimits } from "../sandbox/plan";

// What a campaign fuzzes. Our own core is trusted and runs in-process (fast); any submission
// goes through the same sandboxed child as `grade`, with the same gates (load, conformance,
// tampering) and the same grader policy on top of every property (guardProperty).

export interface ChunkOptions {
  readonly seed: number;
  readonly numRuns: number;
  readonly examples: readonly Scenario[];
  readonly onCase: () => void;
}

export interface FuzzSubject {
  /** For reports and replay lines: "src/core" (absolute path) or the submission as given. */
  readonly name: string;
  readonly kind: "in-process" | "child-process";
  readonly isolation: readonly string[];
  /** Why this property cannot run at all on this subject, or null. */
  blocked(def: PropertyDefinition): string | null;
  runChunk(def: PropertyDefinition, options: ChunkOptions): Promise<PropertyRun>;
  warnings(): string[];
  close(): Promise<void>;
}

export const CORE_DIR = join(PACKAGE_ROOT, "src", "core");

/** src/core as reports and corpus files name it: relative to the working directory when inside it. */
function coreName(): string {
  const rel = relative(process.cwd(), CORE_DIR);
  return rel === "" || rel.startsWith("..") ? CORE_DIR : rel;
}

async function trustedCore(): Promise<Record<string, unknown>> {
  return (await import("../../core/index")) as unknown as Record<string, unknown>;
}

/** src/core in this process; the reference for differential properties is a second host on it. */
export async function inProcessSubject(subjectModule?: Record<string, unknown>, name = coreName()): Promise<FuzzSubject> {
  const core = await trustedCore();
  const host = createInProcessHost(subjectModule ?? core);
  const reference = createInProcessHost(core);
  return {
    name,
    kind: "in-process",
    isolation: [],
    blocked: () => null,
    runChunk: (def, options) => runProperty(guardProperty(def, null), host, { ...options, reference: def.needsReference === true ? reference : null }),
    warnings: () => [],
    close: async () => {
      await host.close();
      await reference.close();
    },
  };
}

/** A submission in the sandboxed child, exactly as `grade` prepares it. */
export async function sandboxedSubject(submission: string, limits: SandboxLimits): Promise<FuzzSubject> {
  const prepared = await prepareSubmission(submission, limits);
  const reference: Host = createInProcessHost(await trustedCore());
  const conformance = new Map<string, string | null>();
  const host = prepared.host;
  return {
    name: submission,
    kind: "child-process",
    isolation: host?.description.isolation ?? [],
    blocked(def) {
      if (prepared.failure !== null || host === null) return `not run: ${prepared.failure ?? "no sandbox"}`;
      if (host.tampering !== null) return `global tampering detected: ${host.tampering.message}`;
      if (!conformance.has(def.id)) conformance.set(def.id, conformanceFailure(def, prepared.problems));
      return conformance.get(def.id) ?? null;
    },
    async runChunk(def, options) {
      if (host === null) throw new Error("runChunk on a blocked subject");
      host.beginProperty(def.id);
      const run = await runProperty(guardProperty(def, host), host, { ...options, reference: def.needsReference === true ? reference : null });
      if (host.tampering !== null && run.status === "passed") return { ...run, status: "failed", message: `global tampering detected during ${def.id}: ${host.tampering.message}` };
      // As in grade: a search cut short by the loss budget ends on skipped cases; report the
      // last case that really ran and was lost instead (unshrunk).
      const state = host.propertyState();
      if (run.status === "failed" && state.budgetExhausted) {
        const lost = state.lastLost;
        if (lost === null) return { id: run.id, status: "failed", numRuns: run.numRuns, seed: run.seed, message: "not run: earlier calls of the same kind timed out or crashed" };
        return { id: run.id, status: "failed", numRuns: run.numRuns, seed: run.seed, counterexample: lost.scenario, observation: lost.observation, message: `the call was lost (${lost.observation.outcome.kind}); the child was lost ${state.losses} times, so this counterexample is not shrunk` };
      }
      return run;
    },
    warnings: () => [...(host?.warnings() ?? []), ...[...prepared.problems.values()].map((p) => `conformance: ${p}`)],
    close: async () => {
      await reference.close();
      await prepared.dispose();
    },
  };
}
