import type fc from "fast-check";
import type { AuditMessage, OutputMessage, Shape } from "./ir";

// What an adapter tells the audit about a compactor (docs/adapters.md shows one in ~30 lines).

/** The universal properties, by id (src/adapters/properties.ts). */
export type PropertyId =
  | "output.well-formed"
  | "output.kept-in-order"
  | "output.kept-unchanged"
  | "pairing.result-has-call"
  | "pairing.call-has-results"
  | "input.not-mutated"
  | "output.deterministic"
  | "budget.respected";

/**
 * How the library's documentation stands on a property: "documented" (it promises it, so a
 * failure inside the documented shapes is a defect) or "not-promised" (the audit still runs it:
 * a failure is a documented limitation, worth knowing, not a bug). `docs` quotes or cites the
 * documentation the claim rests on; `when` limits the claim to some options.
 */
export type Claim<O> = { claim: "documented" | "not-promised"; docs: string; when?: (options: O) => boolean };

/** A budget as the library counts it: what the output costs and what it was allowed. */
export type BudgetReading = { used: number; limit: number; negative?: string };

export interface Adapter<O = unknown, In = unknown, Out = unknown> {
  /** A short name used on the command line, e.g. "langchain-trim". */
  readonly name: string;
  /** What is audited, e.g. "trimMessages"; the report adds the library's installed version. */
  readonly subject: string;
  /**
   * The npm package audited, e.g. "@langchain/core": the audit reads its version from its
   * package.json where the adapter imports it from, and names it in the report.
   */
  readonly library?: string;
  /**
   * "subsequence": the output keeps some input messages, in order; "summary+suffix": leading
   * system messages (optional), summaries, then a contiguous suffix of the input.
   */
  readonly form: "subsequence" | "summary+suffix";
  /** Shapes the library documents handling, beyond adjacent rounds (src/adapters/ir.ts). */
  readonly shapes: readonly Shape[];
  /** The options, drawn for every case. */
  readonly options: fc.Arbitrary<O>;
  /** Which properties apply, and what the docs say about each. Absent = not run. */
  readonly properties: Partial<Record<PropertyId, Claim<O>>>;
  /** IR → the library's input; called afresh for every run of a case. */
  toLibrary(transcript: readonly AuditMessage[], options: O): In;
  /** Calls the library. A thrown error that `refusal` accepts is a documented refusal, not a failure. */
  run(input: In, options: O): Out | Promise<Out>;
  /** The library's output → IR; an entry that is not a message reads as { role: "invalid" }. */
  fromLibrary(output: Out, input: In): OutputMessage[];
  /**
   * When the compactor may keep part of a message (e.g. LangChain's allowPartial): which part of
   * its text may remain, for these options. Undefined = kept messages are whole.
   */
  partial?(options: O): "prefix" | "suffix" | undefined;
  /** A documented error (e.g. "nothing fits the budget"): returns its reason, or undefined. */
  refusal?(error: unknown): string | undefined;
  /**
   * A documented refusal that does not throw (e.g. "returns the events unchanged when nothing
   * can be compacted", a `{ compacted: false }` result): returns its reason, or undefined. Like
   * a thrown `refusal`, it is not a failure, and it is compared as such for determinism.
   */
  refusalOutput?(output: Out, input: In, options: O): string | undefined;
  /** The budget as the library counts it, when options set one; undefined = no budget this case. */
  budget?(output: Out, input: In, options: O): BudgetReading | undefined | Promise<BudgetReading | undefined>;
}

/** Any adapter, whatever its option and message types (the audit only passes them through). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyAdapter = Adapter<any, any, any>;

/** Identity helper that infers O, In and Out for an adapter literal. */
export function defineAdapter<O, In, Out>(adapter: Adapter<O, In, Out>): Adapter<O, In, Out> {
  return adapter;
}
