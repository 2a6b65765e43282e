import type { Json } from "./data";
import type { StepObservation } from "./program";

// What the driver writes down about one call. Plain data: it crosses a process boundary.
// Values are encoded as data by the driver: non-JSON values become `Special` tags
// (see data.ts) and anything else unserializable becomes { $cc: "opaque", type }.

export interface ErrorObservation {
  /** `error instanceof subject.ContextCompactionError` (false when the export is missing). */
  readonly isContextCompactionError: boolean;
  /** `error instanceof Error` in the subject's realm. */
  readonly isError: boolean;
  readonly typeOf: string;
  /** Own data properties read without invoking accessors; null when absent or not data. */
  readonly name: Json;
  readonly code: Json;
  readonly message: Json;
  readonly frozen: boolean;
}

export type Outcome =
  | { readonly kind: "returned"; readonly value: Json }
  | { readonly kind: "threw"; readonly error: ErrorObservation }
  /** The call did not settle within the per-scenario timeout. */
  | { readonly kind: "timeout"; readonly afterMs: number }
  /** The subject is unusable for this call: missing export, crashed child, broken driver. */
  | { readonly kind: "crash"; readonly reason: string };

export interface FrozenReport {
  /** Every object and array reachable from the value is frozen. */
  readonly deep: boolean;
  /** A path to the first reachable object that is not frozen, e.g. "context.messages[2].content". */
  readonly firstUnfrozen: string | null;
}

export type SecondArgument = "optionsSignal" | "undefined" | "unabortedSignal" | "abortedSignal" | "abortedAfterCall" | "other";

export interface SummarizerCall {
  /** The request as data. */
  readonly request: Json;
  /** Frozen-ness of the request and everything in it. */
  readonly requestFrozen: FrozenReport;
  /**
   * What the summarizer got as its second argument (contract §7 step 4): the very value of
   * `options.signal` ("optionsSignal", only when the options carry one), `undefined` (also when
   * not passed), another genuine AbortSignal not aborted / aborted at the time of the call, one
   * not aborted then but aborted by the time the call settled ("abortedAfterCall": §7 step 4's
   * fresh signal is never aborted; compact operations only), or anything else.
   */
  readonly secondArgument: SecondArgument;
}

export interface Observation {
  readonly outcome: Outcome;
  /** Only for outcome "returned" of object values. */
  readonly frozen: FrozenReport | null;
  /**
   * Named identity facts, e.g. "resultContextIsInput" (compact unchanged returns the very
   * built context), "recordIsLastCompaction", "rebuildIsSame" (build of a built context).
   */
  readonly identity: Readonly<Record<string, boolean>>;
  /** The input argument (plain data or the prebuilt context) compared before/after the call. */
  readonly input: {
    readonly unchanged: boolean;
    /** Only for prebuilt inputs: still deeply frozen after the call. */
    readonly stillFrozen: boolean | null;
    /** Data of the input after the call, only when it changed. */
    readonly after: Json | null;
  };
  /** When the operation needs a prebuilt context and building it failed. */
  readonly setupError: ErrorObservation | null;
  readonly summarizerCalls: readonly SummarizerCall[];
  /** Calls of getters, setters, functions found in the input, and proxy traps (issue 4). */
  readonly hostile: Readonly<Record<string, number>>;
  /** unhandledRejection events seen during the call and in a short window after it settled. */
  readonly unhandledRejections: number;
  readonly durationMs: number;
  /** Operation "program" only: one observation per step run (src/scenario/program.ts). */
  readonly steps?: readonly StepObservation[];
}
