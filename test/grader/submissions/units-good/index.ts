// A stand-in submission for the stand-in properties: units of one user message, by code points.
type Input = { messages: { id: string; content: string }[] };
const codePoints = (s: string): number => [...s].length;
export const estimateContextUnits = (input: Input): number => input.messages.reduce((sum, m) => sum + 4 + codePoints(m.id) + codePoints(m.content), 0);
export const groupToolRounds = (): unknown[] => [];
