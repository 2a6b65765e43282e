import type { Json } from "../../scenario/data";
import type { Expected } from "../../scenario/expected";
import type { Observation } from "../../scenario/observation";
import type { Scenario } from "../../scenario/scenario";
import { expectedCut, observedCut } from "./cuts";
import { printable } from "./escape";
import { isRecord, value } from "./notation";

// The cuts of the HTML timeline: the contract's and the submission's answer about where the
// call cuts the transcript, as a line each where they differ, one line where they agree, and
// in words where an answer has no cut (it threw, returned no cut, or was not recorded).

/** One side's answer: a cut before message `at`, or no cut and why, in words. */
export type CutAnswer = { readonly at: number } | { readonly none: string };

/** The two answers and how the drawing shows them. */
export interface Cuts {
  readonly contract: CutAnswer | null;
  readonly yours: CutAnswer;
  /** Both answers are the same cut, or the same absence of one: drawn once. */
  readonly agree: boolean;
}

const status = (v: Json): Json | undefined => (isRecord(v) ? v.status : undefined);

function contractAnswer(scenario: Scenario, expected: Expected | undefined): CutAnswer | null {
  if (expected === undefined) return null;
  const at = expectedCut(scenario, expected);
  if (typeof at === "number") return { at };
  if (expected.kind === "throws") return { none: `throws ${expected.codes.join(" or ")}` };
  if (status(expected.value) === "unchanged") return { none: "unchanged" };
  return at === null ? { none: "null" } : null;
}

/** An error code as written, on one line, capped. */
const codeText = (code: string) => printable([...code].slice(0, 40).join("")) + ([...code].length > 40 ? "…" : "");

function yourAnswer(scenario: Scenario, observation: Observation | undefined): CutAnswer {
  if (observation === undefined) return { none: "not recorded" };
  const at = observedCut(scenario, observation);
  if (typeof at === "number") return { at };
  const outcome = observation.outcome;
  switch (outcome.kind) {
    case "threw":
      return { none: outcome.error.isContextCompactionError ? `threw ${typeof outcome.error.code === "string" ? codeText(outcome.error.code) : value(outcome.error.code, 40)}` : `threw a ${outcome.error.typeOf}` };
    case "timeout":
      return { none: "did not settle" };
    case "crash":
      return { none: "crashed" };
    case "returned":
      if (status(outcome.value) === "unchanged") return { none: "unchanged" };
      return at === null ? { none: "null" } : { none: `returned ${value(outcome.value, 40)}, which says no cut` };
  }
}

/** What each side answered about the cut, and whether they agree. */
export function cutsOf(scenario: Scenario, observation: Observation | undefined, expected: Expected | undefined): Cuts {
  const contract = contractAnswer(scenario, expected);
  const yours = yourAnswer(scenario, observation);
  const agree = contract !== null && ("at" in contract ? "at" in yours && yours.at === contract.at : "none" in yours && yours.none === contract.none);
  return { contract, yours, agree };
}

/** The words of an answer with no cut, as a note under the drawing. */
export function noCutWords(side: "yours" | "contract" | "both", none: string): string {
  const who = side === "yours" ? "your answer" : side === "contract" ? "the contract's answer" : "yours and the contract's answer";
  return `${who}: no cut (${none})`;
}

/** The caption's words for the cuts drawn (html.ts prints them under "Drawn"). */
export function cutsCaption({ contract, yours, agree }: Cuts): string {
  const cAt = contract !== null && "at" in contract;
  const yAt = "at" in yours;
  if (agree) return cAt ? "the green line is the cut, where yours and the contract's agree" : "neither answer cuts (the note below the drawing says why)";
  if (cAt && yAt) return "the green line is the contract's cut and the red dashed one yours";
  if (cAt) return "the green line is the contract's cut; yours has none (the note below the drawing says why)";
  if (yAt) return contract === null ? "the red dashed line is your cut" : "the red dashed line is your cut; the contract's answer has none (the note below the drawing says why)";
  return "neither answer cuts (the notes below the drawing say why)";
}
