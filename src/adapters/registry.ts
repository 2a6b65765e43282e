// The built-in adapters by name. Each is its own module, loaded only when named (it imports its
// library, an optional peer dependency of the package): from the sources its `source` file, from
// the installed package dist/adapters/<name>.js (scripts/build.ts). The libraries that need Node
// >= 22.19 are audited from node22/ (their own install, node22/README.md), so their adapters live
// there, next to their node_modules.

export interface BuiltinAdapter {
  /** The name on the command line. */
  readonly name: string;
  /** The module's export that is the adapter. */
  readonly export: string;
  /** The npm package it audits (an optional peer dependency of compaction-check). */
  readonly library: string;
  /** The version docs/audits.md audits: what `npm i -D` is told to install. */
  readonly audited: string;
  /** The module, from the package root, without extension. */
  readonly source: string;
}

const builtin = (name: string, exported: string, library: string, audited: string, dir: "src/adapters/builtin" | "node22/adapters"): BuiltinAdapter => ({ name, export: exported, library, audited, source: `${dir}/${name}` });

export const BUILTIN_ADAPTERS: readonly BuiltinAdapter[] = [
  builtin("langchain-trim", "langchainTrim", "@langchain/core", "1.4.0", "src/adapters/builtin"),
  builtin("langchain-summarization", "langchainSummarization", "langchain", "1.5.14", "src/adapters/builtin"),
  builtin("pi-compaction", "piCompaction", "@mariozechner/pi-coding-agent", "0.73.1", "src/adapters/builtin"),
  builtin("earendil-pi-compaction", "earendilPiCompaction", "@earendil-works/pi-coding-agent", "1.6.0", "node22/adapters"),
  builtin("mastra-token-limiter", "mastraTokenLimiter", "@mastra/core", "1.71.0", "node22/adapters"),
  builtin("openai-session", "openaiSession", "@openai/agents-core", "0.20.0", "node22/adapters"),
  builtin("ai-prune", "aiPrune", "ai", "7.0.173", "node22/adapters"),
  builtin("adk-token-compactor", "adkTokenCompactor", "@google/adk", "2.0.0", "node22/adapters"),
  builtin("strands-sliding-window", "strandsSlidingWindow", "@strands-agents/sdk", "1.19.0", "node22/adapters"),
  builtin("strands-summarizing", "strandsSummarizing", "@strands-agents/sdk", "1.19.0", "node22/adapters"),
];

export const builtinAdapter = (name: string): BuiltinAdapter | undefined => BUILTIN_ADAPTERS.find((a) => a.name === name);
