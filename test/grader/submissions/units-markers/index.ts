// Like units-good, except on marker contents: "exit" ends the process, "loop" blocks the event
// loop forever, "taint" patches Object.freeze (global tampering). For the batched sandbox tests.
type Input = { messages: { id: string; content: string }[] };
const codePoints = (s: string): number => [...s].length;
export const estimateContextUnits = (input: Input): number => {
  const content = input.messages[0]?.content;
  if (content === "exit") process.exit(0);
  if (content === "loop") for (;;);
  if (content === "taint") Object.freeze = <T>(value: T): T => value;
  return input.messages.reduce((sum, m) => sum + 4 + codePoints(m.id) + codePoints(m.content), 0);
};
export const groupToolRounds = (): unknown[] => [];
