import { describeThrown } from "../grader/errors";
import type { AnyAdapter } from "./adapter";
import { captured } from "./console-capture";
import type { AuditMessage, OutputMessage } from "./ir";
import { snapshot } from "./snapshot";

// One run of a case: IR → library input, call, library output → IR, and whether the input
// changed. Every run builds a fresh input, so a run never sees another run's objects. A refusal is
// documented either as an error (`refusal`) or as an output (`refusalOutput`). What the library
// prints meanwhile goes to the audit's sink (console-capture.ts).

export type AuditCase<O = unknown> = { transcript: AuditMessage[]; options: O };

export type Outcome =
  | { kind: "output"; output: OutputMessage[]; raw: unknown; input: unknown; mutated: boolean }
  | { kind: "refused"; reason: string; mutated: boolean }
  | { kind: "threw"; error: string; mutated: boolean };

export async function execute<O>(adapter: AnyAdapter, c: AuditCase<O>): Promise<Outcome> {
  const input = await captured(() => adapter.toLibrary(c.transcript, c.options));
  const before = snapshot(input);
  let raw: unknown;
  try {
    raw = await captured(() => adapter.run(input, c.options));
  } catch (error) {
    const mutated = snapshot(input) !== before;
    const reason = adapter.refusal?.(error);
    return reason !== undefined ? { kind: "refused", reason, mutated } : { kind: "threw", error: describeThrown(error), mutated };
  }
  const mutated = snapshot(input) !== before;
  const declined = adapter.refusalOutput?.(raw, input, c.options);
  if (declined !== undefined) return { kind: "refused", reason: declined, mutated };
  let output: OutputMessage[];
  try {
    output = await captured(() => adapter.fromLibrary(raw, input));
  } catch (error) {
    output = [{ id: "", role: "invalid", what: `output not readable: ${describeThrown(error)}` }];
  }
  return { kind: "output", output, raw, input, mutated };
}

/** A comparable picture of an outcome, for determinism. */
export function outcomeKey(outcome: Outcome): string {
  if (outcome.kind === "output") return JSON.stringify(outcome.output);
  return outcome.kind === "refused" ? `refused: ${outcome.reason}` : `threw: ${outcome.error}`;
}
