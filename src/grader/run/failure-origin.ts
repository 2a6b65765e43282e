// A failure's *origin* (docs/grading.md, "What counts as a failure", on shrinking): what the
// property's check says departs, without the values it saw. Hypothesis accepts a shrink step
// only when the smaller case still fails with the same origin, so that shrinking does not slide
// from one bug to another (a record dropped shrinking into a summary stored otherwise, and the
// first mistake gone from the report). The check's message is "<what>: at <path> expected
// <value>, observed <value>" or a sentence naming the code or fact expected: its words are kept
// up to the first value they quote (a string, an object or list, a number; a value may be cut
// short in the message, so nothing after it is read), with a path's indices standing for any.
// A program's check names the step it judges first ("step 6 (compact text, abort none): …"):
// which step, and what it ran, stand for any; what the check says of it is the origin.

export function failureOrigin(kind: "failed" | "error", message: string): string {
  const said = message
    .replace(/^step \d+(?: \([^)]*\))?: /, "step #: ")
    .split(/,? observed\b/)[0]!
    .replace(/\[\d+\]/g, "[#]");
  const value = /["'{]|\[(?!#\])|(?<![\w.#[])-?\d/.exec(said);
  return `${kind}: ${(value === null ? said : said.slice(0, value.index)).trim()}`;
}
