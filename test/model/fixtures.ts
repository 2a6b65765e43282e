import type { ContextData, MessageData } from "../../src/scenario/data";

// The seed's failure experiment: 0 = old user, 1 = assistant with two calls, 2..3 = the
// results, 4 = recent user.
export function toolTranscript(): MessageData[] {
  return [
    { id: "old-user", role: "user", content: "Read both files." },
    {
      id: "tool-round",
      role: "assistant",
      content: [
        { type: "text", text: "Reading." },
        { type: "toolCall", id: "call-a", name: "read", arguments: { path: "a.txt" } },
        { type: "toolCall", id: "call-b", name: "read", arguments: { path: "b.txt" } },
      ],
    },
    { id: "result-a", role: "toolResult", toolCallId: "call-a", toolName: "read", content: "A", isError: false },
    { id: "result-b", role: "toolResult", toolCallId: "call-b", toolName: "read", content: "B", isError: false },
    { id: "recent-user", role: "user", content: "Thanks." },
  ];
}

export function seedContext(): ContextData {
  return {
    requirements: [{ id: "system", content: "Never invent file contents." }],
    summary: null,
    messages: toolTranscript(),
    compactions: [],
  };
}
