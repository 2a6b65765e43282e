// Small direct calls for the variants' witnesses (test/variants/catalogue.ts): each reports
// an outcome as a short string, so the core and a variant can be told apart in one line.

type Subject = Record<string, unknown>;
type Fn = (...args: unknown[]) => unknown;

/** An export of the subject as a function (a missing export is a broken witness, not an outcome). */
export function exported(subject: Subject, name: string): Fn {
  const value = subject[name];
  if (typeof value !== "function") throw new Error(`the subject does not export ${name} as a function`);
  return value as Fn;
}

function thrown(error: unknown): string {
  if (error !== null && typeof error === "object") {
    const { name, code, message } = error as { name?: unknown; code?: unknown; message?: unknown };
    if (typeof code === "string") return `threw ${code}`;
    if (name === "TypeError") return `threw TypeError: ${String(message)}`;
    return `threw ${String(name)}`;
  }
  return `threw ${String(error)}`;
}

/** "returned <what>" or "threw <code>" for a call that may return a promise. */
export async function outcome(call: () => unknown, describe: (value: unknown) => string = () => "a value"): Promise<string> {
  try {
    return `returned ${describe(await call())}`;
  } catch (error) {
    return thrown(error);
  }
}

/** The message of what a call throws (for the free room of error messages). */
export async function thrownMessage(call: () => unknown): Promise<string> {
  try {
    await call();
    return "(no throw)";
  } catch (error) {
    return String((error as { message?: unknown }).message);
  }
}

export const user = (id: string, content: string) => ({ id, role: "user", content });

/** A context of `n` user messages of 20 characters each, and options that make compaction due. */
export function dueContext(n = 4): { input: Record<string, unknown>; options: (extra?: Record<string, unknown>) => Record<string, unknown> } {
  const messages = Array.from({ length: n }, (_, i) => user(`m${i}`, "x".repeat(20)));
  return {
    input: { messages },
    options: (extra = {}) => ({
      targetUnits: 60,
      summaryMaxUnits: 30,
      retainRecentMessages: 1,
      maxUnits: 60,
      summaryId: "s",
      recordId: "r",
      summarizer: () => "summary",
      ...extra,
    }),
  };
}

/**
 * compactContext on a due context with `extra` options (a field set to OMIT is removed): the
 * result's status, or the code it rejects with.
 */
export function compactOutcome(subject: Subject, extra: Record<string, unknown> = {}): Promise<string> {
  const { input, options } = dueContext();
  const all = options(extra);
  for (const key of Object.keys(all)) if (all[key] === OMIT) delete all[key];
  return outcome(
    () => exported(subject, "compactContext")(input, all),
    (value) => String((value as { status?: unknown }).status),
  );
}

/** Marks an option to leave out (compactOutcome). */
export const OMIT = Symbol("omit");
