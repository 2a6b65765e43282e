// A library's own console output, kept out of the audit's: while an audit runs (runAudit opens a
// sink), every call into the library (execute.ts) writes its console.* calls and
// process.stdout/stderr writes to the sink instead, which counts the lines and keeps the first few
// distinct ones for the report's summary. Calls outside an audit print as usual.

export type CapturedOutput = { readonly lines: number; readonly distinct: number; readonly samples: readonly string[] };

const SAMPLES = 5;
const SAMPLE_LENGTH = 160;
const METHODS = ["log", "info", "warn", "error", "debug", "trace"] as const;

export class OutputSink {
  private lines = 0;
  private readonly seen = new Set<string>();

  add(text: string): void {
    for (const line of text.split("\n")) {
      if (line.trim() === "") continue;
      this.lines += 1;
      this.seen.add(line.length > SAMPLE_LENGTH ? `${line.slice(0, SAMPLE_LENGTH)}…` : line);
    }
  }

  summary(): CapturedOutput | undefined {
    return this.lines === 0 ? undefined : { lines: this.lines, distinct: this.seen.size, samples: [...this.seen].slice(0, SAMPLES) };
  }
}

let active: OutputSink | undefined;

/** Runs `body` with `sink` open: library calls made meanwhile write to it. */
export async function withSink<T>(sink: OutputSink, body: () => Promise<T>): Promise<T> {
  const outer = active;
  active = sink;
  try {
    return await body();
  } finally {
    active = outer;
  }
}

/** Runs one call into the library, its output captured when a sink is open. */
export async function captured<T>(call: () => T | Promise<T>): Promise<T> {
  const sink = active;
  if (sink === undefined) return await call();
  const saved = METHODS.map((m) => console[m]);
  const writes = [process.stdout.write, process.stderr.write];
  const take = (...args: unknown[]) => sink.add(args.map((a) => (typeof a === "string" ? a : safeString(a))).join(" "));
  for (const m of METHODS) console[m] = take;
  const write = (chunk: unknown, ...rest: unknown[]) => {
    sink.add(typeof chunk === "string" ? chunk : Buffer.isBuffer(chunk) ? chunk.toString("utf8") : String(chunk));
    const done = rest.find((r) => typeof r === "function") as (() => void) | undefined;
    done?.();
    return true;
  };
  process.stdout.write = write as typeof process.stdout.write;
  process.stderr.write = write as typeof process.stderr.write;
  try {
    return await call();
  } finally {
    METHODS.forEach((m, i) => (console[m] = saved[i]!));
    [process.stdout.write, process.stderr.write] = writes as [typeof process.stdout.write, typeof process.stderr.write];
  }
}

function safeString(value: unknown): string {
  try {
    return value instanceof Error ? `${value.name}: ${value.message}` : typeof value === "object" ? JSON.stringify(value) ?? String(value) : String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}
