// One mistake (rewrite of estimateContextUnits): a tool-result message is counted
// 7 + u(id) + u(toolName) + u(content), leaving out u(toolCallId).
import { maker } from "../_kit/assemble";
import { resultCallIdNotCounted } from "../_kit/s18";

export const make = maker({ "result-call-id-not-counted": resultCallIdNotCounted });
