import { expectedFor } from "../../model/index";
import { CODE } from "../../model/limits";
import { withoutUpstream, type SettlingAnswer, type SettlingQuestion } from "../../model/upstream";
import type { Json } from "../../scenario/data";
import type { Expected } from "../../scenario/expected";
import type { Observation } from "../../scenario/observation";
import type { Scenario, SummarizerScript } from "../../scenario/scenario";
import { contractOf, outcomeAccepted } from "./accepts";

// The async layer's question (contract §7 step 5): how the subject settles a summarizer
// script under an abort plan. It is asked on a plain context that needs compaction (one user
// message, budgets that leave room for exactly the script's text), with the scenario's script,
// signal and abort point. Its answer counts only when the subject compacts the same context
// right with a plain text summarizer (the control): then whatever differs lies in how it
// awaited the value. It went on with the script's text when it returned what the contract
// returns for that text (what the control returns); or it failed with a code no later step
// gives a string (cancelled, summarizer failed, unobservable, not a string, or one a caller
// forged). Any other answer (another result, a code of steps 6-8, a hang, a crash) is none:
// the model settles the script itself.

/** A text longer than this is not asked (the plain context stays small). */
const MAX_TEXT = 4096;
/** The budgets of a script that names no text of its own (it can only fail, or deliver a value the question cannot name). */
const NO_TEXT = "summary";

/**
 * Codes of steps 6-8 for a string (too long, too large for the budgets, a suffix or context
 * that does not validate): a subject may give them for the value its step 5 delivered, so they
 * say nothing about how it settled (e.g. a non-string coerced to text, then too long).
 */
const AFTER_SETTLING: readonly string[] = [CODE.limitExceeded, CODE.summaryInsufficient, CODE.invalidTranscript, CODE.invalidInput];

/** The code a script's forged rejection carries (a ContextCompactionError look-alike), if any. */
function forgedCode(script: Json): string | null {
  if (typeof script !== "object" || script === null || Array.isArray(script)) return null;
  return script.kind === "forgedError" && typeof script.code === "string" ? script.code : null;
}

/** The text the script delivers, if it names one (its `text`, or a string `value`). */
function namedText(script: Json): string | null {
  if (script === null || typeof script !== "object" || Array.isArray(script)) return null;
  return typeof script["text"] === "string" ? script["text"] : typeof script["value"] === "string" ? script["value"] : null;
}

/** The text the plain context makes room for; null when too long to ask. */
function scriptText(script: Json): string | null {
  const text = namedText(script) ?? NO_TEXT;
  return text.length <= MAX_TEXT ? text : null;
}

/** The plain context and options the question is asked on: compaction needed, room for the text's summary. */
export function plainSettling(text: string, summarizer: SummarizerScript, signal: SettlingQuestion["signal"], abort: string): Scenario {
  const budget = 5 + 1 + [...text].length;
  return {
    operation: {
      kind: "compact",
      context: { requirements: [], summary: null, messages: [{ id: "m1", role: "user", content: "x".repeat(budget) }], compactions: [] },
      prebuilt: false,
      options: { maxUnits: budget, targetUnits: budget, summaryMaxUnits: budget, retainRecentMessages: 0, summaryId: "s", recordId: "r" },
      summarizer,
      summarizerSlot: "script",
      signal,
      abort: abort as Extract<Scenario["operation"], { kind: "compact" }>["abort"],
    },
  };
}

/** The question as a scenario, or null when it cannot be asked (no text, or too long). */
export function settlingScenario(question: SettlingQuestion): Scenario | null {
  const text = scriptText(question.script);
  return text === null ? null : plainSettling(text, question.script as unknown as SummarizerScript, question.signal, question.abort);
}

/** The control: the same plain context with a summarizer returning the script's text at once, no signal. */
export function controlScenario(question: SettlingQuestion): Scenario | null {
  const text = scriptText(question.script);
  return text === null ? null : plainSettling(text, { kind: "text", text, delivery: "sync" }, "none", "none");
}

/** Key of the control (one per text). */
export function controlKey(question: SettlingQuestion): string {
  return JSON.stringify(scriptText(question.script));
}

/** The contract's answer to the question (every outcome it accepts), or null when it has none. */
export function contractSettling(question: SettlingQuestion): Expected | null {
  const scenario = settlingScenario(question);
  return scenario === null ? null : contractOf(scenario);
}

/** The subject's settling, from its answer to the question and to the control; null: no answer. */
export function settlingAnswer(question: SettlingQuestion, observation: Observation | undefined, control: Observation | undefined): SettlingAnswer | null {
  const text = scriptText(question.script);
  const controlScenarioOf = controlScenario(question);
  if (text === null || controlScenarioOf === null || observation === undefined || control === undefined) return null;
  const plain = withoutUpstream(() => expectedFor(controlScenarioOf));
  if (!outcomeAccepted(control, plain)) return null;
  const calls = observation.summarizerCalls.length;
  const outcome = observation.outcome;
  if (outcome.kind === "returned") {
    // What the contract returns for the text, the summarizer called once as in the control.
    const once = { ...observation, summarizerCalls: control.summarizerCalls } as Observation;
    return namedText(question.script) === text && outcomeAccepted(once, plain) ? { settled: { kind: "value", value: text }, summarizerCalls: calls } : null;
  }
  // The very code a forged rejection carries is how the subject settled it (it passed it through), whichever code it is.
  const forged = forgedCode(question.script);
  if (outcome.kind === "threw" && outcome.error.isContextCompactionError && typeof outcome.error.code === "string" && (!AFTER_SETTLING.includes(outcome.error.code) || outcome.error.code === forged)) {
    return { settled: { kind: "fails", codes: [outcome.error.code] }, summarizerCalls: calls };
  }
  return null;
}
