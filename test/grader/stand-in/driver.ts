import type { Json } from "../../../src/scenario/data";
import type { Observation, Outcome } from "../../../src/scenario/observation";
import type { Scenario } from "../../../src/scenario/scenario";

// A stand-in for src/driver in the grader's own tests: it calls one export per operation kind and
// reports the outcome, so host and CLI behaviour (timeouts, crashes, tampering) is tested apart
// from the real driver. Intrinsics are captured at load, like the real one.

const SPromise = Promise;
const setTimer = setTimeout;
const clearTimer = clearTimeout;
const stringify = JSON.stringify;
const parse = JSON.parse;

const EXPORT_OF: Record<string, string> = {
  build: "buildActiveContext",
  units: "estimateContextUnits",
  groups: "groupToolRounds",
  boundary: "selectCompactionBoundary",
  compact: "compactContext",
};

function observation(outcome: Outcome, durationMs: number): Observation {
  return { outcome, frozen: null, identity: {}, input: { unchanged: true, stillFrozen: null, after: null }, setupError: null, summarizerCalls: [], hostile: {}, unhandledRejections: 0, durationMs };
}

function asData(value: unknown): Json {
  try {
    const text = stringify(value);
    return text === undefined ? { $cc: "undefined" } : (parse(text) as Json);
  } catch {
    return { $cc: "opaque", type: typeof value };
  }
}

export function createDriver(subject: Record<string, unknown>) {
  const driver = {
    /** What the child program calls (the real driver boxes the observation, see src/driver/intrinsics.ts). */
    async observeBoxed(scenario: Scenario, opts: { timeoutMs?: number } = {}): Promise<{ readonly value: Observation }> {
      return { value: await driver.observe(scenario, opts) };
    },
    async observe(scenario: Scenario, opts: { timeoutMs?: number } = {}): Promise<Observation> {
      const started = Date.now();
      const name = EXPORT_OF[scenario.operation.kind] ?? "?";
      const fn = subject[name];
      if (typeof fn !== "function") return observation({ kind: "crash", reason: `missing export ${name}` }, 0);
      const op = scenario.operation as { input?: unknown; context?: unknown; transcript?: unknown; options?: unknown };
      const args = op.input !== undefined ? [op.input] : op.transcript !== undefined ? [op.transcript] : [op.context, op.options];
      try {
        const result: unknown = (fn as (...a: unknown[]) => unknown)(...args);
        const timeoutMs = opts.timeoutMs ?? 1000;
        const settled = await new SPromise<Outcome>((resolve) => {
          const timer = setTimer(() => resolve({ kind: "timeout", afterMs: timeoutMs }), timeoutMs);
          SPromise.resolve(result).then(
            (value) => { clearTimer(timer); resolve({ kind: "returned", value: asData(value) }); },
            (error: unknown) => { clearTimer(timer); resolve(threw(error)); },
          );
        });
        return observation(settled, Date.now() - started);
      } catch (error) {
        return observation(threw(error), Date.now() - started);
      }
    },
  };
  return driver;
}

function threw(error: unknown): Outcome {
  const record = typeof error === "object" && error !== null ? (error as Record<string, unknown>) : {};
  const read = (key: string): Json => {
    try {
      const v = record[key];
      return typeof v === "string" || typeof v === "number" ? v : null;
    } catch {
      return null;
    }
  };
  return { kind: "threw", error: { isContextCompactionError: false, isError: error instanceof Error, typeOf: typeof error, name: read("name"), code: read("code"), message: read("message"), frozen: false } };
}
