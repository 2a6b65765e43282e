import { compactWith } from "../_kit/compact-with";
import { boundaryOf } from "../../../src/core/boundary";
import { readBoundaryOptions } from "../../../src/core/options";
import { contextInfo } from "./snapshot";
export * from "../../../src/core/index";
export { buildActiveContext, estimateContextUnits } from "./snapshot";
export { groupToolRounds } from "./groups";
export { assistantMessage, textFromAssistant, toolResultMessage, userMessage, validateTranscript } from "./messages";

export function selectCompactionBoundary(context: unknown, options: unknown): number | null {
  const info = contextInfo(context);
  return boundaryOf(info, readBoundaryOptions(options));
}
export const compactContext = compactWith({ contextInfo });
