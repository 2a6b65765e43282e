import type { OutputMessage } from "./ir";

// The compact counterexample notation: U user, S system, A[c0,c1] an assistant message with
// those calls (A without calls), T(c0) the result of call c0, SUMMARY a summary the library
// wrote, ? an entry that is not a message. Kept in one module so other reports can share it.

export function label(message: OutputMessage): string {
  switch (message.role) {
    case "user":
      return "U";
    case "system":
      return "S";
    case "assistant":
      return message.calls.length === 0 ? "A" : `A[${message.calls.map((c) => c.id).join(",")}]`;
    case "tool":
      return `T(${message.callId})`;
    case "summary":
      return "SUMMARY";
    case "invalid":
      return "?";
  }
}

/** One line: `U A[c0,c1] T(c0) T(c1)`. */
export function inline(messages: readonly OutputMessage[]): string {
  return messages.length === 0 ? "(empty)" : messages.map(label).join(" ");
}

/** One line per message: index, label, id and a short excerpt of the text. */
export function perMessage(messages: readonly OutputMessage[]): string[] {
  if (messages.length === 0) return ["(empty)"];
  return messages.map((m, i) => {
    const text = m.role === "invalid" ? m.what : m.text;
    const excerpt = text.length === 0 ? "" : ` ${JSON.stringify(text.length > 28 ? `${text.slice(0, 27)}…` : text)}`;
    return `${String(i).padStart(2)}  ${label(m).padEnd(12)} ${m.id}${excerpt}`;
  });
}
