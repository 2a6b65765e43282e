import type { Scenario } from "../../../scenario/scenario";
import type { Observation } from "../../../scenario/observation";

// Messages between the grader (parent) and the sandboxed child. Data only: the child never
// sends a verdict, only what the driver observed and what it noticed about globals.

/** What one export of the submission is, as far as `typeof` and its prototype chain tell. */
export interface ExportFact {
  readonly present: boolean;
  readonly typeOf: string;
  /** A function whose `prototype` inherits from Error.prototype (a class extending Error). */
  readonly extendsError: boolean;
  /** The value when it is a number, else null. */
  readonly number: number | null;
}

export type ExportFacts = Readonly<Record<string, ExportFact>>;

/**
 * The longest reply line the child writes and the parent reads (characters): a few times the
 * largest observation of the whole suite (10.4 MiB, a compaction program of six steps on a
 * context at the contract's size limits). A longer observation is replaced by a crash and
 * reported as tampering; a longer line is a protocol violation.
 */
export const MAX_REPLY_CHARS = 48 * 2 ** 20;

/**
 * The longest text the parent keeps of a load error, a driver error or a tampering note. The
 * parent repeats a load error in the message of every property: a 20-million-character error
 * thrown at import became 122 messages of 20 MB, and the grader ran out of memory before it wrote
 * a report (red-team pass, docs/security.md).
 */
export const MAX_NOTE_CHARS = 2000;

/**
 * `text` if it is at most MAX_NOTE_CHARS long, else its start and how much was left out (shorter
 * than MAX_NOTE_CHARS in all, so clipping twice changes nothing). `cut` is String.prototype.slice
 * unless the caller has its own (the child's, captured before the submission loaded).
 */
export function clipNote(text: string, cut: (text: string, end: number) => string = (whole, end) => whole.slice(0, end)): string {
  if (text.length <= MAX_NOTE_CHARS) return text;
  const kept = MAX_NOTE_CHARS - 40;
  return `${cut(text, kept)}… (${text.length - kept} more characters)`;
}

/**
 * Parent to child, one JSON line each on the child's stdin. The child never answers there. One observe
 * request carries a batch of scenarios: the child runs them in order and answers each with its
 * own line (`index` in the batch), and ends the batch early after a case that timed out (the
 * parent decides, from its loss budgets, whether the rest is run).
 */
export type ParentMessage =
  | { readonly type: "hello"; readonly key: string }
  | { readonly type: "observe"; readonly id: number; readonly scenarios: readonly Scenario[]; readonly timeoutMs: number };

/** Child to parent, one JSON line each on fd 3, every line carrying the hello key (added by the child). */
export type ChildMessage =
  | {
      readonly type: "ready";
      /** Null when the submission loaded; otherwise why it did not (a throw at import, a bad bundle). */
      readonly loadError: string | null;
      readonly exports: ExportFacts;
      /** A poisoning report when globals differ from the snapshot taken before the submission loaded. */
      readonly tampering: string | null;
      /** The harness's own baseline was not clean before the submission loaded: detection is off. */
      readonly baselineError: string | null;
    }
  | {
      readonly type: "observation";
      readonly id: number;
      readonly index: number;
      readonly observation: Observation;
      readonly tampering: string | null;
      /** Unhandled rejections seen outside any call so far. */
      readonly strayRejections: number;
    }
  | { readonly type: "driverError"; readonly id: number; readonly index: number; readonly message: string; readonly tampering: string | null };

/** Names the conformance step asks the child about (contract §1). */
export const CONTRACT_FUNCTIONS = [
  "buildActiveContext",
  "groupToolRounds",
  "estimateContextUnits",
  "selectCompactionBoundary",
  "compactContext",
] as const;

export const CONTRACT_CLASS = "ContextCompactionError";

export const CONTRACT_CONSTANTS: Readonly<Record<string, number>> = {
  MAX_CONTEXT_MESSAGES: 4096,
  MAX_CONTEXT_REQUIREMENTS: 128,
  MAX_CONTEXT_RECORDS: 256,
  MAX_CONTEXT_DEPTH: 32,
  MAX_CONTEXT_COLLECTION_ITEMS: 16384,
  MAX_CONTEXT_STRING_UNITS: 65536,
  MAX_CONTEXT_TOTAL_UNITS: 1000000,
  MAX_CONTEXT_ASYNC_DEPTH: 64,
};

export const CONTRACT_EXPORT_NAMES: readonly string[] = [...CONTRACT_FUNCTIONS, CONTRACT_CLASS, ...Object.keys(CONTRACT_CONSTANTS)];
