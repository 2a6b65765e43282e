// Message IR helpers from checkpoint 10.
export { assistantMessage, toolResultMessage, userMessage, validateTranscript } from "./internal/messages";
