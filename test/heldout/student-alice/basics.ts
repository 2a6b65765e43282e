// Alice's checkpoint 11: limits, errors, units.
export const MAX_CONTEXT_MESSAGES = 4096;
export const MAX_CONTEXT_REQUIREMENTS = 128;
export const MAX_CONTEXT_RECORDS = 256;
export const MAX_CONTEXT_DEPTH = 32;
export const MAX_CONTEXT_COLLECTION_ITEMS = 16384;
export const MAX_CONTEXT_STRING_UNITS = 65536;
export const MAX_CONTEXT_TOTAL_UNITS = 1_000_000;
export const MAX_CONTEXT_ASYNC_DEPTH = 64;

export class ContextCompactionError extends Error {
  override get name() {
    return "ContextCompactionError";
  }
  constructor(
    public readonly code: string,
    message: string,
  ) {
    super(message);
    Object.freeze(this);
  }
}

export const oops = (code: string, message: string): never => {
  throw new ContextCompactionError(code, message);
};

export type Bugs = ReadonlySet<string>;

/** u(s) */
export const cp = (s: string): number => [...s].length;

export const hasText = (s: string): boolean => s.trim().length > 0;

export function J(v: unknown, bugs: Bugs): number {
  if (v === null) return 1;
  if (v === true) return 5;
  if (v === false) return 6;
  if (typeof v === "number") return 1 + `${v}`.length;
  if (typeof v === "string") return 1 + cp(v);
  if (Array.isArray(v)) {
    let n = 2;
    for (const x of v) n += 1 + J(x, bugs);
    return n;
  }
  let n = 2;
  for (const [k, x] of Object.entries(v as object)) {
    // Mistake object-keys-not-counted: a key's own code points are left out.
    n += 1 + (bugs.has("object-keys-not-counted") ? 0 : cp(k)) + J(x, bugs);
  }
  return n;
}

type M = Record<string, any>;

export function unitsOf(m: M, bugs: Bugs): number {
  if (m.role === "user") return 4 + cp(m.id) + cp(m.content);
  if (m.role === "toolResult") return 7 + cp(m.id) + cp(m.toolCallId) + cp(m.toolName) + cp(m.content);
  let n = 4 + cp(m.id);
  for (const b of m.content) n += b.type === "text" ? 2 + cp(b.text) : 6 + cp(b.id) + cp(b.name) + J(b.arguments, bugs);
  return n;
}
