// Message IR helpers from checkpoint 10.
export { assistantMessage, textFromAssistant, toolResultMessage, userMessage, validateTranscript } from "./internal/messages";
