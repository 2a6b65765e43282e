// Shared by the ADK reproductions: an agent on a scripted model (no network) with
// TokenBasedContextCompactor and its real LlmSummarizer, run by InMemoryRunner.
import { BaseLlm, InMemoryRunner, LlmAgent, LlmSummarizer, LongRunningFunctionTool, TokenBasedContextCompactor } from "@google/adk";

/** A model that answers each request with the next scripted response (and summaries with "the summary"). */
export class ScriptedModel extends BaseLlm {
  constructor(responses) {
    super({ model: "scripted" });
    this.responses = [...responses];
    this.requests = [];
  }
  async *generateContentAsync(request) {
    this.requests.push(request);
    const summarizing = request.contents.length === 1 && /summarize the conversation/.test(request.contents[0].parts?.[0]?.text ?? "");
    yield { content: summarizing ? { role: "model", parts: [{ text: "the summary" }] } : this.responses.shift() ?? { role: "model", parts: [{ text: "ok" }] } };
  }
  async connect() {
    throw new Error("not used");
  }
}

export function agentWith({ model, eventRetentionSize, tools = [] }) {
  const compactor = new TokenBasedContextCompactor({ tokenThreshold: 1, eventRetentionSize, summarizer: new LlmSummarizer({ llm: new ScriptedModel([]) }) });
  return new LlmAgent({ name: "assistant", model, instruction: "Help.", tools, contextCompactors: [compactor] });
}

export const longRunningTool = () => new LongRunningFunctionTool({ name: "approve", description: "asks a human to approve; answers later", execute: async () => ({ status: "pending" }) });

export async function runTurn(runner, sessionId, newMessage) {
  const events = [];
  for await (const event of runner.runAsync({ userId: "u", sessionId, newMessage })) events.push(event);
  return events;
}

export { InMemoryRunner };
