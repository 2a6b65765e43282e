import { StringDecoder } from "node:string_decoder";
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Readable } from "node:stream";
import type { Observation } from "../../scenario/observation";
import { clipNote, MAX_REPLY_CHARS, type ChildMessage, type ExportFacts } from "./child/protocol";
import type { SandboxPlan } from "./plan";

// One sandboxed child: start it, ask it for observations a batch at a time, kill it. Requests go
// as JSON lines on its stdin; replies come back as JSON lines on fd 3, one per case, in order,
// each carrying a random key the child received before the submission loaded. Anything else (a
// line without the key, a reply nobody asked for or out of order, a line longer than
// MAX_REPLY_CHARS) is a protocol violation: something in the child speaking for the driver. The
// child is then killed, with its whole process group.

const OUTPUT_CAP_BYTES = 16_384;
/** A timer this late means the parent's event loop was busy, not that the child was slow. */
const LOOP_LAG_TOLERANCE_MS = 100;
/** At most this many times the case's limit is added back (busy parent, reply still arriving, starved child). */
const MAX_EXTENSION_FACTOR = 4;
/** A child that got less than this share of a core while its time ran is starved, not stuck. */
const STARVED_CPU_FRACTION = 0.5;

export type ReadyInfo = {
  readonly loadError: string | null;
  readonly exports: ExportFacts;
  readonly tampering: string | null;
  readonly baselineError: string | null;
};

export type ChildReply =
  | { readonly kind: "observation"; readonly observation: Observation; readonly tampering: string | null; readonly strayRejections: number }
  | { readonly kind: "driverError"; readonly message: string; readonly tampering: string | null }
  /** The child is gone (killed after a timeout, exited, crashed, out of memory, protocol violation). */
  | { readonly kind: "lost"; readonly reason: string; readonly timedOut: boolean; readonly violation?: boolean };

/** The replies of one batch, in case order. */
export interface BatchReplies {
  /** The next case's reply, or null once the batch has ended (all answered, a timeout, the child lost). Never rejects. */
  next(): Promise<ChildReply | null>;
  /** Resolves once the child answered its last case of this batch (or was lost): it is free again. */
  readonly ended: Promise<void>;
  /** Cases in the batch. */
  readonly size: number;
}

class Batch implements BatchReplies {
  nextIndex = 0;
  timer: NodeJS.Timeout | null = null;
  private readonly queue: ChildReply[] = [];
  private waiter: ((reply: ChildReply | null) => void) | null = null;
  private over = false;
  private markEnded!: () => void;
  readonly ended = new Promise<void>((resolve) => (this.markEnded = resolve));

  constructor(
    readonly id: number,
    readonly size: number,
  ) {}

  push(reply: ChildReply, last: boolean): void {
    if (this.waiter !== null) {
      const waiter = this.waiter;
      this.waiter = null;
      waiter(reply);
    } else this.queue.push(reply);
    if (last) this.end();
  }

  end(): void {
    if (this.over) return;
    this.over = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.markEnded();
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.(null);
  }

  next(): Promise<ChildReply | null> {
    const queued = this.queue.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    if (this.over) return Promise.resolve(null);
    return new Promise((resolve) => (this.waiter = resolve));
  }
}

export class SandboxedChild {
  private pending: Batch | null = null;
  private nextId = 1;
  private exited = false;
  /** Set when we decided to kill it: a dying child takes no more requests. */
  private killed = false;
  private exitReason: string | null = null;
  readonly stdout: string[] = [];
  readonly stderr: string[] = [];
  private outputBytes = { stdout: 0, stderr: 0 };
  private onReady: ((ready: ReadyInfo) => void) | null = null;
  private onLost: ((reason: string) => void) | null = null;
  private protocolViolation: string | null = null;
  private readonly key = randomBytes(24).toString("hex");
  /** The decoded pieces of the reply line still being received. */
  private linePieces: string[] = [];
  // One decoder per stream: a chunk may end inside a multi-byte UTF-8 character, which a
  // per-chunk toString would turn into U+FFFD (and so change every large non-ASCII observation).
  private readonly decoders = { reply: new StringDecoder("utf8"), stdout: new StringDecoder("utf8"), stderr: new StringDecoder("utf8") };

  /** Chars of the reply line being received (linePieces). */
  private lineChars = 0;
  /** The pid of the node process (under `unshare --fork` it is the started process's child), once known. */
  private workerPid: number | null = null;

  private constructor(
    private readonly process: ChildProcess,
    private readonly plan: SandboxPlan,
  ) {
    process.stdout?.on("data", (chunk: Buffer) => this.capture("stdout", chunk));
    process.stderr?.on("data", (chunk: Buffer) => this.capture("stderr", chunk));
    (process.stdio[3] as Readable | null)?.on("data", (chunk: Buffer) => this.receiveChunk(chunk));
    // Writing to a child that is gone fails asynchronously on its stdin: the exit says why.
    process.stdin?.on("error", () => {});
    process.on("error", (error) => this.lose(`could not run the child: ${error.message}`));
    process.on("exit", (code, signal) => this.lose(this.describeExit(code, signal)));
  }

  /** Starts a child and waits until the submission has loaded (or failed to). */
  static start(plan: SandboxPlan, loadTimeoutMs: number): Promise<{ child: SandboxedChild; ready: ReadyInfo } | { failure: string; output: string }> {
    const child = new SandboxedChild(spawn(plan.command, [...plan.args], { stdio: ["pipe", "pipe", "pipe", "pipe"], detached: plan.ownGroup, env: { ...plan.env } }), plan);
    child.sendSafely({ type: "hello", key: child.key });
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        child.kill();
        resolve({ failure: `the submission did not finish loading within ${loadTimeoutMs} ms (endless loop at import?)`, output: child.outputExcerpt() });
      }, loadTimeoutMs);
      child.onReady = (ready) => {
        clearTimeout(timer);
        resolve({ child, ready });
      };
      child.onLost = (reason) => {
        clearTimeout(timer);
        resolve({ failure: `the child stopped while loading the submission: ${reason}`, output: child.outputExcerpt() });
      };
    });
  }

  /** Set once the child broke the protocol (a forged or unsolicited message). */
  get violation(): string | null {
    return this.protocolViolation;
  }

  get alive(): boolean {
    return !this.exited && !this.killed;
  }

  /**
   * Asks for the observations of `scenarios`, run in order in the child. Each case has
   * `hardTimeoutMs()` (read when the case starts) to answer before the child is killed. The batch
   * ends after the last case, after a case that timed out, or when the child is lost (the lost
   * case gets a `lost` reply; the ones after it none). One batch at a time.
   */
  startBatch(scenarios: readonly unknown[], timeoutMs: number, hardTimeoutMs: () => number): BatchReplies {
    const batch = new Batch(this.nextId++, scenarios.length);
    if (!this.alive || this.pending !== null) {
      batch.push({ kind: "lost", reason: this.alive ? "the child is busy with another batch" : (this.exitReason ?? "the child is gone"), timedOut: false }, true);
      return batch;
    }
    if (scenarios.length === 0) {
      batch.end();
      return batch;
    }
    this.pending = batch;
    this.armTimer(batch, hardTimeoutMs);
    const error = this.sendSafely({ type: "observe", id: batch.id, scenarios, timeoutMs });
    if (error !== null) this.settle({ kind: "lost", reason: `could not send the scenarios: ${error}`, timedOut: false });
    return batch;
  }

  private armTimer(batch: Batch, hardTimeoutMs: () => number): void {
    const ms = hardTimeoutMs();
    this.startTimer(batch, ms, ms, batch.nextIndex, ms * MAX_EXTENSION_FACTOR, cpuMsOf(this.cpuPid()));
    this.rearm = () => this.armTimer(batch, hardTimeoutMs);
  }

  /**
   * The case's clock. The parent judges earlier cases and draws the next batch while the child
   * works, so it may be busy when the time is up with the answer already in the pipe: the check
   * waits for one round of I/O (setImmediate runs after it), and time the parent's event loop
   * lost to its own work is given back to the child rather than counted against it.
   */
  private startTimer(batch: Batch, waitMs: number, limitMs: number, index: number, extensionLeftMs: number, cpuAtStart: number | null): void {
    if (batch.timer !== null) clearTimeout(batch.timer);
    const due = Date.now() + waitMs;
    batch.timer = setTimeout(() => {
      const late = Date.now() - due;
      setImmediate(() => {
        if (this.pending !== batch || batch.nextIndex !== index) return;
        const extension = Math.max(late, LOOP_LAG_TOLERANCE_MS);
        // Bounded: a child that keeps a reply line open forever still runs out of time.
        if ((late > LOOP_LAG_TOLERANCE_MS || this.linePieces.length > 0) && extension <= extensionLeftMs) {
          return this.startTimer(batch, extension, limitMs, index, extensionLeftMs - extension, cpuAtStart);
        }
        // On a crowded machine the child may have had little CPU: a call that blocks the event
        // loop burns CPU, a starved child did not get it. Give it back what it was denied.
        const cpuNow = cpuMsOf(this.cpuPid());
        const used = cpuNow === null || cpuAtStart === null ? null : cpuNow - cpuAtStart;
        if (used !== null && used < limitMs * STARVED_CPU_FRACTION) {
          const owed = Math.min(limitMs - used, extensionLeftMs);
          if (owed >= LOOP_LAG_TOLERANCE_MS) return this.startTimer(batch, owed, limitMs, index, extensionLeftMs - owed, cpuAtStart);
        }
        // Settled when the child is gone (lose): a child that was busy running out of memory
        // when its time ran out is reported as out of memory, not as a hang.
        this.timedOutAfterMs = limitMs;
        this.kill();
      });
    }, waitMs);
  }

  private rearm: (() => void) | null = null;
  /** Set when the pending case ran out of time and the child is being killed for it. */
  private timedOutAfterMs: number | null = null;

  /** SIGKILL to the child's whole process group (or to the child, when it has none of its own). */
  kill(): void {
    if (this.exited) return;
    this.killed = true;
    const pid = this.process.pid;
    try {
      if (this.plan.ownGroup && pid !== undefined) process.kill(-pid, "SIGKILL");
      else this.process.kill("SIGKILL");
    } catch {
      // already gone
    }
  }

  /** The process whose CPU time the case's clock reads: node itself. */
  private cpuPid(): number | undefined {
    if (!this.plan.forks) return this.process.pid;
    this.workerPid ??= childPidOf(this.process.pid);
    return this.workerPid ?? undefined;
  }

  /** Resolves once the process is gone (kills it first). */
  async stop(): Promise<void> {
    if (this.exited) return;
    const gone = new Promise<void>((resolve) => this.process.once("exit", () => resolve()));
    this.kill();
    await gone;
  }

  outputExcerpt(): string {
    return [...this.stdout, ...this.stderr].join("").slice(0, 2000);
  }

  private capture(stream: "stdout" | "stderr", chunk: Buffer): void {
    if (this.outputBytes[stream] >= OUTPUT_CAP_BYTES) return;
    this.outputBytes[stream] += chunk.length;
    this[stream].push(this.decoders[stream].write(chunk));
  }

  private sendSafely(message: unknown): string | null {
    try {
      this.process.stdin?.write(`${JSON.stringify(message)}\n`);
      return null;
    } catch (error) {
      return (error as Error).message;
    }
  }

  private receiveChunk(chunk: Buffer): void {
    // Nothing more is read from a child that broke the protocol (it is being killed).
    if (this.protocolViolation !== null) return;
    // Only the new text is searched for a newline, and the pieces of an unfinished line are
    // joined once, when it ends: appending to one buffer and searching all of it on every
    // chunk was quadratic, and a 10 MB observation took seconds to arrive on a loaded machine.
    let text = this.decoders.reply.write(chunk);
    for (let newline = text.indexOf("\n"); newline >= 0; newline = text.indexOf("\n")) {
      if (this.lineChars + newline > MAX_REPLY_CHARS) return this.overlong();
      this.linePieces.push(text.slice(0, newline));
      const line = this.linePieces.join("");
      this.linePieces = [];
      this.lineChars = 0;
      text = text.slice(newline + 1);
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        return this.violate("a reply line that is not JSON");
      }
      if (parsed === null || typeof parsed !== "object" || (parsed as { key?: unknown }).key !== this.key) return this.violate("a reply without the session key");
      this.receive(parsed);
      if (this.protocolViolation !== null) return;
    }
    if (this.lineChars + text.length > MAX_REPLY_CHARS) return this.overlong();
    if (text.length > 0) {
      this.linePieces.push(text);
      this.lineChars += text.length;
    }
  }

  /** A line longer than any reply the driver writes: dropped unread (an endless line would exhaust memory). */
  private overlong(): void {
    this.linePieces = [];
    this.lineChars = 0;
    this.violate(`a reply line longer than ${MAX_REPLY_CHARS / 2 ** 20} MiB`);
  }

  private receive(raw: unknown): void {
    const message = raw as ChildMessage;
    if (message === null || typeof message !== "object" || typeof message.type !== "string") return this.violate("a message that is not a protocol object");
    if (message.type === "ready") {
      const onReady = this.onReady;
      this.onReady = null;
      if (onReady === null) return this.violate("a second ready message");
      return onReady({ loadError: noteOrNull(message.loadError), exports: message.exports, tampering: noteOrNull(message.tampering), baselineError: noteOrNull(message.baselineError) });
    }
    const pending = this.pending;
    if (pending === null || message.id !== pending.id || message.index !== pending.nextIndex) return this.violate(`a ${message.type} message nobody asked for`);
    if (message.type === "observation") {
      if (!isObservation(message.observation)) return this.violate("an observation of the wrong shape");
      const reply: ChildReply = { kind: "observation", observation: message.observation, tampering: noteOrNull(message.tampering), strayRejections: Number(message.strayRejections) || 0 };
      return this.answer(pending, reply, message.observation.outcome.kind === "timeout");
    }
    if (message.type === "driverError") return this.answer(pending, { kind: "driverError", message: clipNote(String(message.message)), tampering: noteOrNull(message.tampering) }, false);
    return this.violate(`an unknown message type ${JSON.stringify(String((message as { type: unknown }).type))}`);
  }

  /** One case answered: the batch goes on to the next case (with a fresh timer) or ends. */
  private answer(batch: Batch, reply: ChildReply, endsBatch: boolean): void {
    batch.nextIndex++;
    const last = endsBatch || batch.nextIndex >= batch.size;
    if (last) {
      this.pending = null;
      this.rearm = null;
    } else this.rearm?.();
    batch.push(reply, last);
  }

  /** Forged or duplicated replies mean something in the child speaks for the driver: stop trusting it. */
  private violate(what: string): void {
    this.protocolViolation ??= `protocol violation: the child sent ${what} (forged reply?)`;
    this.kill();
  }

  /** Ends the pending batch with `reply` for its current case (the child is lost). */
  private settle(reply: ChildReply): void {
    const pending = this.pending;
    if (pending === null) return;
    this.pending = null;
    this.rearm = null;
    pending.push(reply, true);
  }

  private lose(reason: string): void {
    if (this.exited) return;
    this.exited = true;
    this.exitReason = this.protocolViolation ?? reason;
    this.onLost?.(this.exitReason);
    this.onLost = null;
    this.onReady = null;
    if (this.timedOutAfterMs !== null && this.protocolViolation === null && !isOutOfMemory(this.stderr.join(""))) {
      this.settle({ kind: "lost", reason: `no answer within ${this.timedOutAfterMs} ms (the call blocked the child's event loop); the child was killed`, timedOut: true });
      return;
    }
    this.settle({ kind: "lost", reason: this.exitReason, timedOut: false, violation: this.protocolViolation !== null });
  }

  private describeExit(code: number | null, signal: NodeJS.Signals | null): string {
    const text = this.stderr.join("");
    if (isOutOfMemory(text)) return "the child ran out of memory (heap cap reached)";
    if (signal !== null) return `the child was stopped by ${signal}`;
    return `the child exited with code ${code}`;
  }
}

/** CPU time (user + system) a process has used, from /proc on Linux; null elsewhere or when gone. */
function cpuMsOf(pid: number | undefined): number | null {
  if (pid === undefined || process.platform !== "linux") return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces) start at field 3; utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** The first child of `pid` (Linux /proc), or null. */
function childPidOf(pid: number | undefined): number | null {
  if (pid === undefined || process.platform !== "linux") return null;
  try {
    const first = Number(readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(" ")[0]);
    return Number.isSafeInteger(first) && first > 0 ? first : null;
  } catch {
    return null;
  }
}

/** USER_HZ, 100 on every Linux Node supports. */
const CLOCK_TICKS_PER_SECOND = 100;

function isOutOfMemory(stderr: string): boolean {
  return /heap out of memory|Allocation failed/i.test(stderr);
}

/** A note of the child's (a load error, a tampering report) as the parent keeps it: a string of at most MAX_NOTE_CHARS, or null. */
function noteOrNull(value: unknown): string | null {
  return typeof value === "string" ? clipNote(value) : null;
}

function isObservation(value: unknown): value is Observation {
  if (value === null || typeof value !== "object") return false;
  const outcome = (value as { outcome?: unknown }).outcome as { kind?: unknown } | undefined;
  return typeof outcome === "object" && outcome !== null && ["returned", "threw", "timeout", "crash"].includes(String(outcome.kind));
}
