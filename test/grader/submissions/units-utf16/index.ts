// Like units-good, but counts UTF-16 code units: wrong for astral characters.
type Input = { messages: { id: string; content: string }[] };
export const estimateContextUnits = (input: Input): number => input.messages.reduce((sum, m) => sum + 4 + m.id.length + m.content.length, 0);
export const groupToolRounds = (): unknown[] => [];
