// The core, but a transcript holding a user message with empty content is refused as invalid
// (contract §2: user content may be empty). One reading mistake, in the way of every operation
// whose input holds such a message.
import * as core from "../../../../src/core/index";

export * from "../../../../src/core/index";

function refuseBlankUser(input: unknown): void {
  const messages = typeof input === "object" && input !== null ? (input as { messages?: unknown }).messages : undefined;
  if (!Array.isArray(messages)) return;
  for (const message of messages) {
    if (typeof message === "object" && message !== null && (message as { role?: unknown }).role === "user" && (message as { content?: unknown }).content === "") {
      throw new core.ContextCompactionError("CONTEXT_INVALID_TRANSCRIPT", "a user message has no content");
    }
  }
}

export const buildActiveContext: typeof core.buildActiveContext = (input) => {
  refuseBlankUser(input);
  return core.buildActiveContext(input);
};
export const estimateContextUnits: typeof core.estimateContextUnits = (input) => {
  refuseBlankUser(input);
  return core.estimateContextUnits(input);
};
export const selectCompactionBoundary: typeof core.selectCompactionBoundary = (context, options) => {
  refuseBlankUser(context);
  return core.selectCompactionBoundary(context, options);
};
export const compactContext: typeof core.compactContext = async (context, options) => {
  refuseBlankUser(context);
  return core.compactContext(context, options);
};
