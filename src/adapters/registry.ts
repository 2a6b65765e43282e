import type { AnyAdapter } from "./adapter";

// The built-in adapters by name, each loaded only when asked for (they import their library).

export const BUILTIN_ADAPTERS: Readonly<Record<string, () => Promise<AnyAdapter>>> = {
  "langchain-trim": async () => (await import("./builtin/langchain-trim")).langchainTrim,
  "langchain-summarization": async () => (await import("./builtin/langchain-summarization")).langchainSummarization,
  "pi-compaction": async () => (await import("./builtin/pi-compaction")).piCompaction,
  "mastra-token-limiter": async () => (await import("./builtin/mastra-token-limiter")).mastraTokenLimiter,
  "openai-session": async () => (await import("./builtin/openai-session")).openaiSession,
  "ai-prune": async () => (await import("./builtin/ai-prune")).aiPrune,
};
