// One mistake (wrapper): the student measures the 65,536 ceiling of one string with
// `s.length` (UTF-16 code units) instead of code points, so a string of astral characters
// (emoji) between 32,769 and 65,536 code points is refused with CONTEXT_LIMIT_EXCEEDED; the
// same check is applied to the summary text.
import { maker } from "../_kit/assemble";
import { contractError, type Impl } from "../_kit/impl";
import { checkBuilt } from "../_kit/layers";

const LIMIT = 65536;

function check(s: string): void {
  if (s.length > LIMIT) throw contractError("CONTEXT_LIMIT_EXCEEDED", "a string longer than 65536");
}

function checkJson(value: unknown): void {
  if (typeof value === "string") return check(value);
  if (typeof value !== "object" || value === null) return;
  if (Array.isArray(value)) return value.forEach(checkJson);
  for (const [key, item] of Object.entries(value)) {
    check(key);
    checkJson(item);
  }
}

type Any = Record<string, any>;

function checkMessages(messages: readonly unknown[]): void {
  for (const m of messages as Any[]) {
    check(m.id);
    if (m.role === "user") check(m.content);
    if (m.role === "toolResult") [m.toolCallId, m.toolName, m.content].forEach(check);
    if (m.role === "assistant") {
      for (const b of m.content) {
        if (b.type === "text") check(b.text);
        else [b.id, b.name].forEach(check), checkJson(b.arguments);
      }
    }
  }
}

function checkContext(messages: readonly unknown[], context: unknown): void {
  checkMessages(messages);
  if (context === null) return;
  const c = context as Any;
  for (const r of c.requirements) [r.id, r.content].forEach(check);
  if (c.summary !== null) [c.summary.id, c.summary.content].forEach(check);
  for (const r of c.compactions) [r.id, r.summaryId, ...r.compactedMessageIds].forEach(check);
}

function checkSummaryText(base: Impl): Impl {
  return {
    ...base,
    compactContext: async (input, options) => {
      const result = (await base.compactContext(input, options)) as Any;
      if (result.status === "compacted") check(result.context.summary.content);
      return result;
    },
  };
}

export const make = maker({
  "string-limit-utf16": { layer: (base) => checkSummaryText(checkBuilt(base, checkContext)) },
});
