// A failure's *origin* (docs/grading.md, "What counts as a failure", on shrinking): what the
// property's check says departs, without the values it saw. Hypothesis accepts a shrink step
// only when the smaller case still fails with the same origin, so that shrinking does not slide
// from one bug to another (a record dropped shrinking into a summary stored otherwise, and the
// first mistake gone from the report). The check's message is "<what>: at <path> expected
// <value>, observed <value>" or a sentence naming the code or fact expected: its words are kept
// up to the first value they quote (a string, an object or list, a number; a value may be cut
// short in the message, so nothing after it is read), with a path's indices standing for any.
// What was observed is kept only as the kind of outcome and, for a ContextCompactionError, its
// code: a code names the check of the contract that refused, so a case refused with
// CONTEXT_INVALID_BUDGET (an options mistake) is not a smaller case of one refused with
// CONTEXT_SUMMARIZER_FAILED (a mistake of step 5) where the contract returns.
// A program's check names the step it judges first ("step 6 (compact text, abort none): …"):
// which step, and what it ran, stand for any; what the check says of it is the origin.

export function failureOrigin(kind: "failed" | "error", message: string): string {
  const [before, ...after] = message.replace(/^step \d+(?: \([^)]*\))?: /, "step #: ").split(/,? observed\b/);
  const said = before!.replace(/\[\d+\]/g, "[#]");
  const value = /["'{]|\[(?!#\])|(?<![\w.#[])-?\d/.exec(said);
  const words = `${kind}: ${(value === null ? said : said.slice(0, value.index)).trim()}`;
  const seen = observedOutcome(after.join(" observed"));
  return seen === null ? words : `${words} → ${seen}`;
}

/** What an observation says happened, when it says so first (properties/_internals/outcome.ts describeOutcome): "threw CODE", "threw", "returned", "did not settle", "crashed"; null otherwise (a value, which stands for any). */
function observedOutcome(observed: string): string | null {
  const text = observed.replace(/^:?\s*/, "");
  const code = /^threw ContextCompactionError with code "?(CONTEXT_[A-Z_]+)/.exec(text);
  if (code !== null) return `threw ${code[1]}`;
  if (/^threw\b/.test(text)) return "threw";
  if (/^returned\b/.test(text)) return "returned";
  if (/^did not settle\b/.test(text)) return "did not settle";
  if (/^crashed\b/.test(text)) return "crashed";
  return null;
}
