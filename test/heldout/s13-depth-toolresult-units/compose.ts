// An async-observation mistake and a units mistake: the student's awaiting counts the
// summarizer's own value as level 1, so a chain of 64 thenables already fails
// (../_kit/async-loop), and their estimateContextUnits gives a tool-result message the base 4
// of a user message.
import { assemble, makerOf } from "../_kit/assemble";
import { asyncMistakes } from "../_kit/async-mistakes";
import { unitsMistake13 } from "../_kit/s13";

const FLAGS = { "depth-off-by-one": "depthOffByOne" } as const;

export const make = makerOf(["depth-off-by-one", "toolresult-base-4"], (enabled) =>
  assemble([
    ...(enabled.has("depth-off-by-one") ? [asyncMistakes(FLAGS, enabled)] : []),
    ...(enabled.has("toolresult-base-4") ? [unitsMistake13({ toolResultBase4: true })] : []),
  ]),
);
