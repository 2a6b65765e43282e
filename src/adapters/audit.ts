import fc from "fast-check";
import { shapedTranscript } from "../../generators/shapedTranscript";
import type { AnyAdapter, Claim, PropertyId } from "./adapter";
import type { AuditCase, Outcome } from "./execute";
import { execute } from "./execute";
import type { OutputMessage, Shape } from "./ir";
import { ALL_SHAPES, shapesOf } from "./ir";
import type { UniversalProperty } from "./properties";
import { UNIVERSAL_PROPERTIES } from "./properties";
import { OutputSink, withSink, type CapturedOutput } from "./console-capture";
import type { InstalledLibrary } from "./installed";
import { DEFAULT_AUDIT_RUNS } from "../grader/defaults";

// Runs an adapter's applicable properties: first on the shapes the library documents, then (if
// that holds and the library does not claim every shape) on all shapes, so a finding outside the
// documented shapes is reported apart. fast-check shrinks; seed + path replay a finding.

export type Scope = "shapes" | "all";
export type Classification = "defect" | "not promised" | "outside the documented shapes";

export type AuditSettings = {
  seed: number;
  /** Cases per property and scope (default 200, or unlimited with timeMs). */
  runs?: number;
  /** Time budget for the whole adapter, shared by its properties and scopes. */
  timeMs?: number;
  only?: readonly PropertyId[];
  /** Replay one case: with `path`, the scope it was found in. */
  scope?: Scope;
  path?: string;
  onProgress?: (property: PropertyId, scope: Scope) => void;
  /** The audited library as installed (loadAdapter finds it): named in the report. */
  library?: InstalledLibrary;
};

export type Finding = {
  property: PropertyId;
  title: string;
  classification: Classification;
  docs: string;
  scope: Scope;
  shapes: Shape[];
  transcript: AuditCase["transcript"];
  options: unknown;
  output: OutputMessage[] | string;
  violation: string;
  seed: number;
  path: string;
};

export type PropertyResult = { property: PropertyId; title: string; claim: Claim<unknown>; cases: number; timeMs: number; finding?: Finding };
/**
 * The JSON report (--json, docs/audits.json); schemaVersion changes when its reading does.
 * `library` is the audited package as installed; `console` sums up what the library printed
 * meanwhile (captured, not shown).
 */
export type AuditReport = {
  schemaVersion: 1;
  adapter: string;
  subject: string;
  library?: { name: string; version: string };
  seed: number;
  timeMs: number;
  results: PropertyResult[];
  console?: CapturedOutput;
};


export async function runAudit(adapter: AnyAdapter, settings: AuditSettings): Promise<AuditReport> {
  const sink = new OutputSink();
  const report = await withSink(sink, () => auditProperties(adapter, settings));
  const printed = sink.summary();
  return { ...report, ...(printed === undefined ? {} : { console: printed }) };
}

async function auditProperties(adapter: AnyAdapter, settings: AuditSettings): Promise<AuditReport> {
  const started = performance.now();
  const applicable = UNIVERSAL_PROPERTIES.filter((p) => adapter.properties[p.id] !== undefined && (settings.only === undefined || settings.only.includes(p.id)));
  const scopes: Scope[] = settings.scope !== undefined ? [settings.scope] : coversAll(adapter) ? ["shapes"] : ["shapes", "all"];
  const slot = settings.timeMs === undefined ? undefined : Math.max(1, Math.floor(settings.timeMs / (applicable.length * scopes.length)));
  const results: PropertyResult[] = [];
  for (const property of applicable) {
    const t0 = performance.now();
    const claim = adapter.properties[property.id]!;
    let cases = 0;
    let finding: Finding | undefined;
    for (const scope of scopes) {
      settings.onProgress?.(property.id, scope);
      const run = await checkScope(adapter, property, claim, scope, settings, slot);
      cases += run.cases;
      finding = run.finding;
      if (finding !== undefined) break;
    }
    results.push({ property: property.id, title: property.title, claim, cases, timeMs: performance.now() - t0, ...(finding ? { finding } : {}) });
  }
  const library = settings.library === undefined ? {} : { library: { name: settings.library.name, version: settings.library.version } };
  return { schemaVersion: 1, adapter: adapter.name, subject: adapter.subject, ...library, seed: settings.seed, timeMs: performance.now() - started, results };
}

function coversAll(adapter: AnyAdapter): boolean {
  return ALL_SHAPES.every((s) => adapter.shapes.includes(s));
}

async function checkScope(adapter: AnyAdapter, property: UniversalProperty, claim: Claim<unknown>, scope: Scope, settings: AuditSettings, slot: number | undefined) {
  const shapes = scope === "shapes" ? adapter.shapes : ALL_SHAPES;
  const cases = fc.record({ transcript: shapedTranscript({ shapes }), options: adapter.options });
  const verdict = async (c: AuditCase): Promise<{ outcome: Outcome; violation: string | null }> => {
    const outcome = await execute(adapter, c);
    const applies = claim.when === undefined || claim.when(c.options);
    return { outcome, violation: applies ? await property.check({ adapter, case: c, outcome }) : null };
  };
  const result = await fc.check(
    fc.asyncProperty(cases, async (c) => (await verdict(c)).violation === null),
    {
      seed: settings.seed,
      numRuns: settings.runs ?? (slot === undefined ? DEFAULT_AUDIT_RUNS : 1_000_000_000),
      ...(slot !== undefined ? { interruptAfterTimeLimit: slot, markInterruptAsFailure: false } : {}),
      ...(settings.path !== undefined ? { path: settings.path, endOnFailure: true } : {}),
    },
  );
  if (!result.failed || result.counterexample === null) return { cases: result.numRuns };
  const [c] = result.counterexample as [AuditCase];
  const { outcome, violation } = await verdict(c);
  const found = [...shapesOf(c.transcript)];
  const outside = found.some((s) => !adapter.shapes.includes(s));
  const finding: Finding = {
    property: property.id,
    title: property.title,
    classification: outside ? "outside the documented shapes" : claim.claim === "documented" ? "defect" : "not promised",
    docs: claim.docs,
    scope,
    shapes: found,
    transcript: c.transcript,
    options: c.options,
    output: outcome.kind === "output" ? outcome.output : outcome.kind === "refused" ? `refused: ${outcome.reason}` : `threw ${outcome.error}`,
    violation: violation ?? (result.errorInstance instanceof Error ? `the check threw ${result.errorInstance.message}` : "failed once, passed on replay (not deterministic)"),
    seed: result.seed,
    path: result.counterexamplePath ?? "",
  };
  return { cases: result.numRuns, finding };
}
