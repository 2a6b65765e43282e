import type { RuleId } from "./rules";

// What a failure's diagnosis comes to (./signature): the rule of the contract where the
// submission's answer departs and how. Apart from ./signature so that the steps it calls
// (./late-check, ./throw-let-out) can give one without importing it.

export interface Signature {
  /** One key, one mistake. */
  readonly key: string;
  readonly rule: RuleId;
  /** The question whose answers differ, the submission's answer and the contract's, in words. */
  readonly question: string;
  readonly subject: string;
  readonly contract: string;
  /** No rule found: nothing of the answer departs where the analysis looks (the failure stays its own root cause). */
  readonly undiagnosed?: true;
  /** Other keys of the same mistake: failures under any of them are one root cause with this one (./analyze). */
  readonly joins?: readonly string[];
  /** A key this failure's answer fits as well, which it is put under when another failure has it (./analyze). */
  readonly orUnder?: string;
}
