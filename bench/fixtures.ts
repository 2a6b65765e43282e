// A deterministic benchmark context: 4,000 messages, about 800,000 units. Built from a
// seeded generator (mulberry32), so every run measures the same data. It has what makes
// the core work: assistants with parallel tool calls whose results are separated from the
// call by other messages, nested JSON arguments, and text mixing ASCII, Latin-1, CJK and
// astral characters (emoji, mathematical letters) so code points differ from UTF-16 units.

export type PlainMessage = Record<string, unknown>;
export type PlainContext = {
  requirements: { id: string; content: string }[];
  summary: { id: string; content: string } | null;
  messages: PlainMessage[];
  compactions: never[];
};

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Mostly ASCII, about one word in four non-ASCII from the BMP (Latin-1, Greek, CJK), and
// about one word in a hundred astral (emoji, mathematical letters: surrogate pairs): the
// mix of a multilingual chat, where every long message has non-ASCII text and many have an
// emoji, but surrogate pairs stay a small share of the characters.
const ASCII = ["context", "boundary", "summary", "tool", "result", "message", "budget", "units", "frozen", "record", "the", "of"];
const BMP = ["réponse", "naïve", "Grüße", "señal", "façade", "日本語", "要約", "文脈", "∑", "café", "Ωmega"];
const ASTRAL = ["😀", "🚀", "𝒳", "🧩"];

function word(random: () => number): string {
  const roll = random();
  const list = roll < 0.01 ? ASTRAL : roll < 0.26 ? BMP : ASCII;
  return list[Math.floor(random() * list.length)]!;
}

/** Text of about `length` UTF-16 units. */
function prose(random: () => number, length: number): string {
  let text = "";
  while (text.length < length) text += text.length === 0 ? word(random) : " " + word(random);
  return text;
}

/** Eight messages: a user turn, two parallel calls whose results arrive around other messages. */
function round(random: () => number, r: number, scale: number): PlainMessage[] {
  const callA = `call-${r}-a`;
  const callB = `call-${r}-b`;
  const args = (name: string) => ({
    path: `src/${name}/${r}.ts`,
    options: { recursive: random() < 0.5, depth: Math.floor(random() * 8), pattern: prose(random, 12) },
    tags: [prose(random, 6), prose(random, 6), r],
  });
  return [
    { id: `u-${r}`, role: "user", content: prose(random, 140 * scale) },
    {
      id: `a-${r}`,
      role: "assistant",
      content: [
        { type: "text", text: prose(random, 60 * scale) },
        { type: "toolCall", id: callA, name: "read_file", arguments: args("alpha") },
        { type: "toolCall", id: callB, name: "search", arguments: args("beta") },
      ],
    },
    { id: `u-${r}-aside`, role: "user", content: prose(random, 50 * scale) },
    { id: `t-${r}-a`, role: "toolResult", toolCallId: callA, toolName: "read_file", content: prose(random, 300 * scale), isError: false },
    { id: `a-${r}-note`, role: "assistant", content: [{ type: "text", text: prose(random, 80 * scale) }] },
    { id: `t-${r}-b`, role: "toolResult", toolCallId: callB, toolName: "search", content: prose(random, 300 * scale), isError: random() < 0.1 },
    { id: `a-${r}-answer`, role: "assistant", content: [{ type: "text", text: prose(random, 160 * scale) }] },
    { id: `u-${r}-follow`, role: "user", content: prose(random, 100 * scale) },
  ];
}

/**
 * The benchmark input: plain, unfrozen data, as a caller would pass it. It goes through
 * JSON once, as a transcript arriving from a file or the network would: its strings are
 * then flat, not the ropes that string concatenation leaves behind.
 */
export function benchContext(messageCount = 4000, scale = 1): PlainContext {
  return JSON.parse(JSON.stringify(generate(messageCount, scale))) as PlainContext;
}

function generate(messageCount: number, scale: number): PlainContext {
  const random = mulberry32(0x5eed);
  const messages: PlainMessage[] = [];
  for (let r = 0; messages.length < messageCount; r++) messages.push(...round(random, r, scale));
  messages.length = messageCount - (messageCount % 8);
  return {
    requirements: [
      { id: "system", content: "Never invent file contents. Keep every tool call with its results." },
      { id: "style", content: prose(random, 200) },
    ],
    summary: { id: "summary-000", content: prose(random, 400) },
    messages,
    compactions: [],
  };
}

// The second input (issue 12): 4,000 messages of astral-heavy text (about half the words are
// emoji or mathematical letters, so surrogate pairs are everywhere), four messages per round:
// an assistant with two parallel tool calls, a user message between the calls and their
// results, then the two results.
const ASTRAL_WORDS = ["😀", "🚀", "𝒳𝒴", "🧩", "🎉🎉", "𝔄𝔅ℭ", "🌍", "𝟙𝟚𝟛"];

function astralProse(random: () => number, codePoints: number): string {
  let text = "";
  let count = 0;
  while (count < codePoints) {
    const astral = random() < 0.5;
    const next = astral ? ASTRAL_WORDS[Math.floor(random() * ASTRAL_WORDS.length)]! : word(random);
    text += count === 0 ? next : " " + next;
    count += [...next].length + (count === 0 ? 0 : 1);
  }
  return text;
}

function astralRound(random: () => number, r: number): PlainMessage[] {
  const callA = `call-${r}-a`;
  const callB = `call-${r}-b`;
  const args = (name: string) => ({ path: `src/${name}/${r}.ts`, query: astralProse(random, 10), limit: Math.floor(random() * 100) });
  return [
    {
      id: `a-${r}`,
      role: "assistant",
      content: [
        { type: "text", text: astralProse(random, 60) },
        { type: "toolCall", id: callA, name: "read_file", arguments: args("alpha") },
        { type: "toolCall", id: callB, name: "search", arguments: args("beta") },
      ],
    },
    { id: `u-${r}`, role: "user", content: astralProse(random, 150) },
    { id: `t-${r}-a`, role: "toolResult", toolCallId: callA, toolName: "read_file", content: astralProse(random, 200), isError: false },
    { id: `t-${r}-b`, role: "toolResult", toolCallId: callB, toolName: "search", content: astralProse(random, 200), isError: random() < 0.1 },
  ];
}

/** The astral benchmark input: plain, unfrozen, through JSON once (flat strings). */
export function astralBenchContext(messageCount = 4000): PlainContext {
  const random = mulberry32(0xa57a1);
  const messages: PlainMessage[] = [];
  for (let r = 0; messages.length < messageCount; r++) messages.push(...astralRound(random, r));
  messages.length = messageCount - (messageCount % 4);
  const context: PlainContext = {
    requirements: [{ id: "system", content: "Never invent file contents. Keep every tool call with its results." }],
    summary: { id: "summary-000", content: astralProse(random, 300) },
    messages,
    compactions: [],
  };
  return JSON.parse(JSON.stringify(context)) as PlainContext;
}
