// One mistake (rewrite of estimateContextUnits, over the validated context): the student's
// weight of a tool-result message is 7 + u(id) + u(toolCallId) + u(content), leaving out
// u(toolName). compactContext counts correctly.
import { maker } from "../_kit/assemble";
import { CONTRACT_WEIGHTS, contextUnits, u, type Context } from "../_kit/units";

const weights = { ...CONTRACT_WEIGHTS, toolResult: (m: { id: string; toolCallId: string; content: string }) => 7 + u(m.id) + u(m.toolCallId) + u(m.content) };

export const make = maker({
  "tool-name-not-counted": {
    layer: (base) => ({ ...base, estimateContextUnits: (input) => contextUnits(base.buildActiveContext(input) as Context, weights) }),
  },
});
