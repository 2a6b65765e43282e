// Three units mistakes in the student's own estimateContextUnits (rewrite, over the validated
// context): the minus sign of a negative number left out, u(toolName) of a tool result left
// out, and J(false) counted as 5. compactContext counts correctly.
import { assemble, makerOf } from "../_kit/assemble";
import { CONTRACT_WEIGHTS, contextUnits, u, type Context, type Weights } from "../_kit/units";

const IDS = ["negative-number-sign", "tool-name-not-counted", "json-false-as-true"];

function weights(enabled: ReadonlySet<string>): Weights {
  return {
    number: enabled.has("negative-number-sign") ? (n) => 1 + String(Math.abs(n)).length : CONTRACT_WEIGHTS.number,
    toolResult: enabled.has("tool-name-not-counted") ? (m) => 7 + u(m.id) + u(m.toolCallId) + u(m.content) : CONTRACT_WEIGHTS.toolResult,
    summary: CONTRACT_WEIGHTS.summary,
    falseUnits: enabled.has("json-false-as-true") ? 5 : CONTRACT_WEIGHTS.falseUnits,
  };
}

export const make = makerOf(IDS, (enabled) =>
  assemble([
    {
      layer: (base) => ({ ...base, estimateContextUnits: (input) => contextUnits(base.buildActiveContext(input) as Context, weights(enabled)) }),
    },
  ]),
);
