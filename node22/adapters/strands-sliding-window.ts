import { AfterInvocationEvent, SlidingWindowConversationManager, type Message } from "@strands-agents/sdk";
import fc from "fast-check";
import { defineAdapter } from "../../src/adapters/adapter";
import type { AuditMessage } from "../../src/adapters/ir";
import { fromStrands, toStrands, toolNames, type StrandsInput } from "./strands-messages";

// @strands-agents/sdk SlidingWindowConversationManager (conversation-manager/
// sliding-window-conversation-manager.d.ts): after every agent invocation it applies the window to
// agent.messages, in place. The adapter registers the manager on a stand-in agent (initAgent, as
// an Agent does) and fires its AfterInvocationEvent hook on a copy of the messages array (the
// messages themselves shared, so a change to one is still seen as a mutation).

type WindowOptions = { windowSize: number };
type Output = { messages: Message[]; transcript: readonly AuditMessage[] };
type Hook = (event: { agent: { messages: Message[] } }) => unknown;

async function afterInvocation(manager: SlidingWindowConversationManager, messages: Message[]): Promise<void> {
  const hooks: Hook[] = [];
  manager.initAgent({ addHook: (event: unknown, hook: Hook) => void (event === AfterInvocationEvent && hooks.push(hook)) } as never);
  for (const hook of hooks) await hook({ agent: { messages } });
}

const window = "SlidingWindowConversationManager: maintains a conversation window that preserves tool usage pairs and avoids invalid window states";

export const strandsSlidingWindow = defineAdapter({
  name: "strands-sliding-window",
  subject: "SlidingWindowConversationManager (after an invocation)",
  library: "@strands-agents/sdk",
  form: "subsequence",
  // The agent loop answers every tool use of an assistant message in the next (user) message.
  shapes: ["parallel"],
  options: fc.record({ windowSize: fc.integer({ min: 1, max: 8 }) }),
  properties: {
    "output.well-formed": { claim: "documented", docs: window },
    "output.kept-in-order": { claim: "documented", docs: "removes the oldest messages" },
    "output.kept-unchanged": { claim: "documented", docs: "shouldTruncateResults only applies to context overflow, not to window size enforcement" },
    "pairing.result-has-call": { claim: "documented", docs: `${window}; ensuring tool use/result pairs remain valid` },
    "pairing.call-has-results": { claim: "documented", docs: `${window}; ensuring tool use/result pairs remain valid` },
    "input.not-mutated": { claim: "documented", docs: "modifies agent.messages in place (removes messages); the messages kept are not changed" },
    "output.deterministic": { claim: "documented", docs: "no randomness in window management" },
    "budget.respected": { claim: "documented", docs: "windowSize: maximum number of messages to keep in the conversation history" },
  },
  toLibrary: (transcript): StrandsInput & { transcript: readonly AuditMessage[] } => ({ ...toStrands(transcript), transcript }),
  run: async (input: StrandsInput & { transcript: readonly AuditMessage[] }, o: WindowOptions): Promise<Output> => {
    const messages = [...input.messages];
    await afterInvocation(new SlidingWindowConversationManager({ windowSize: o.windowSize }), messages);
    return { messages, transcript: input.transcript };
  },
  fromLibrary: (output: Output, input: StrandsInput) => fromStrands(output.messages, input, toolNames(output.transcript)),
  budget: (output: Output, _input: StrandsInput, o: WindowOptions) => ({ used: output.messages.length, limit: o.windowSize }),
});
