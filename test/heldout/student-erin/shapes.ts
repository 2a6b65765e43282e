// The shapes of Erin's context (contract §2-§3), all read-only once built.
export type Requirement = { readonly id: string; readonly content: string };
export type Summary = { readonly id: string; readonly content: string };
export type TextBlock = { readonly type: "text"; readonly text: string };
export type CallBlock = { readonly type: "toolCall"; readonly id: string; readonly name: string; readonly arguments: object };
export type Block = TextBlock | CallBlock;
export type UserMsg = { readonly id: string; readonly role: "user"; readonly content: string };
export type AssistantMsg = { readonly id: string; readonly role: "assistant"; readonly content: readonly Block[] };
export type ResultMsg = {
  readonly id: string;
  readonly role: "toolResult";
  readonly toolCallId: string;
  readonly toolName: string;
  readonly content: string;
  readonly isError: boolean;
};
export type Message = UserMsg | AssistantMsg | ResultMsg;
export type CompactionRecord = {
  readonly id: string;
  readonly summaryId: string;
  readonly boundary: number;
  readonly compactedMessageIds: readonly string[];
  readonly unitsBefore: number;
  readonly unitsAfter: number;
};
export type ActiveContext = {
  readonly requirements: readonly Requirement[];
  readonly summary: Summary | null;
  readonly messages: readonly Message[];
  readonly compactions: readonly CompactionRecord[];
};
