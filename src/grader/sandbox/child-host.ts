import { pathToFileURL } from "node:url";
import type { Host, HostDescription, ObservationStream } from "../../scenario/host";
import type { Observation, Outcome } from "../../scenario/observation";
import type { Scenario } from "../../scenario/scenario";
import { SandboxedChild, type BatchReplies, type ChildReply, type ReadyInfo } from "./child-process";
import { planSandbox, type SandboxLimits, type SandboxPlan } from "./plan";
import { HangLedger, type Skip } from "./hang-kinds";

// A Host whose driver and subject live in a sandboxed child. It never judges: it returns
// observations, and when the child is lost it says so as outcome crash/timeout and replaces
// the child lazily, so the remaining properties are still graded.

/** Extra time past the driver's own timeout before the parent decides the child is stuck. */
export function hardTimeoutGraceMs(scenarioTimeoutMs: number): number {
  return Math.max(250, Math.round(scenarioTimeoutMs / 2));
}
/** Lost calls (timeouts, crashes) one property may cost before its remaining cases are not run. */
export const DEFAULT_LOSS_BUDGET = 3;
/**
 * Lost calls of one call kind over the whole grade (./hang-kinds: the operation, the
 * summarizer's script and abort point, the decorations): a submission that hangs on one kind of
 * call stops costing time on it, while every other kind is still graded.
 */
export const CALL_KIND_LOSS_BUDGET = 3;
/**
 * Lost calls of one operation over the whole grade, spread over OPERATION_LOSS_SPREAD call kinds
 * at least: an export that hangs whatever it is given stops as a whole.
 */
export const OPERATION_LOSS_BUDGET = 9;
export const OPERATION_LOSS_SPREAD = 4;
const MAX_FAILED_RESTARTS = 3;

export interface ChildHostOptions {
  readonly entryFile: string;
  readonly submissionFile: string;
  /** The only directory the child may read (holds both bundles). */
  readonly readableDir: string;
  readonly limits: SandboxLimits;
  /** When the total time runs out (Date.now() ms); default: limits.totalTimeoutMs from the host's start. */
  readonly deadline?: number;
  readonly lossBudget?: LossBudget;
}

/** How many lost calls (timeouts, crashes) are tolerated before cases are no longer run. */
export interface LossBudget {
  readonly perProperty?: number;
  /** Per call kind (default CALL_KIND_LOSS_BUDGET, at most perOperation). */
  readonly perCallKind?: number;
  /** Per operation, once spread over min(OPERATION_LOSS_SPREAD, perOperation) call kinds. */
  readonly perOperation?: number;
}

export interface Tampering {
  readonly message: string;
  /** The property being run when it was first seen, or null when seen at load. */
  readonly propertyId: string | null;
}

/** Cases sent to one child in one request, `from` being the index of the first in the caller's list. */
interface Stretch {
  readonly replies: BatchReplies;
  readonly child: SandboxedChild;
  readonly from: number;
}

/** A real (not skipped) observation in which the child was lost, kept as an honest counterexample. */
export interface LostCase {
  readonly scenario: Scenario;
  readonly observation: Observation;
}

export class ChildHost implements Host {
  readonly description: HostDescription;
  private child: SandboxedChild | null = null;
  private failedRestarts = 0;
  private readonly deadline: number;
  private propertyId: string | null = null;
  private losses = 0;
  private readonly hangs: HangLedger;
  /** The cases not run because their kind hangs (./hang-kinds), by their stand-in observation. */
  private readonly skips = new WeakMap<Observation, Skip>();
  private lastLost: LostCase | null = null;
  private budgetExhausted = false;
  private strayRejections = 0;
  private restarts = 0;
  private readonly outputs: string[] = [];
  /** Set while an abandoned stretch is still running in the child. */
  private draining: Promise<void> | null = null;
  /** Children stopped after an abandoned stretch: replacing them is not a restart to report. */
  private readonly quietReplacements = new WeakSet<SandboxedChild>();
  tampering: Tampering | null = null;
  loadFailure: string | null = null;
  ready: ReadyInfo | null = null;

  private constructor(
    private readonly plan: SandboxPlan,
    private readonly options: ChildHostOptions,
  ) {
    this.description = { kind: "child-process", isolation: plan.isolation, warnings: plan.warnings };
    this.deadline = options.deadline ?? Date.now() + options.limits.totalTimeoutMs;
    const perOperation = options.lossBudget?.perOperation ?? OPERATION_LOSS_BUDGET;
    this.hangs = new HangLedger({
      perCallKind: Math.min(options.lossBudget?.perCallKind ?? CALL_KIND_LOSS_BUDGET, perOperation),
      perOperation,
      spread: Math.min(OPERATION_LOSS_SPREAD, perOperation),
    });
  }

  /** Starts the first child at once: its ready message carries the conformance facts. */
  static async start(options: ChildHostOptions): Promise<ChildHost> {
    const plan = planSandbox(options.entryFile, pathToFileURL(options.submissionFile).href, options.readableDir, options.limits);
    const host = new ChildHost(plan, options);
    await host.spawn(true);
    return host;
  }

  /** Budgets and lost cases are per property. */
  beginProperty(id: string): void {
    this.propertyId = id;
    this.losses = 0;
    this.lastLost = null;
    this.budgetExhausted = false;
  }

  propertyState(): { readonly budgetExhausted: boolean; readonly lastLost: LostCase | null; readonly losses: number } {
    return { budgetExhausted: this.budgetExhausted, lastLost: this.lastLost, losses: this.losses };
  }

  /** Why the case this observation stands for was not run, when its kind hangs (./hang-kinds). */
  skipOf(observation: Observation): Skip | undefined {
    return this.skips.get(observation);
  }

  get timeLeftMs(): number {
    return this.deadline - Date.now();
  }

  warnings(): string[] {
    const warnings = [...this.description.warnings];
    if (this.ready?.baselineError) warnings.push(`tampering detection was off: ${this.ready.baselineError}`);
    if (this.restarts > 0) warnings.push(`the sandboxed child was replaced ${this.restarts} time(s) after timeouts or crashes`);
    warnings.push(...this.hangs.report());
    if (this.strayRejections > 0) warnings.push(`the submission left ${this.strayRejections} unhandled rejection(s) outside calls`);
    const live = this.child?.outputExcerpt() ?? "";
    const output = (this.outputs.join("") + live).trim();
    if (output.length > 0) warnings.push(`the submission wrote ${output.length} characters to stdout/stderr (ignored, not part of the grade): ${JSON.stringify(output.slice(0, 160))}`);
    return warnings;
  }

  observe(scenario: Scenario): Promise<Observation> {
    const stream = this.observeMany([scenario]);
    return stream.next().finally(() => stream.close());
  }

  /**
   * The observations of `scenarios`, in order, each as `observe` would have made it: the child
   * runs a stretch of cases per request, and every gate (load failure, total time, loss
   * budgets) is applied per case. A stretch ends at a lost case (the child is replaced and the
   * rest goes to the new one) or a timed-out one, so that budgets are re-read before any case
   * the one-at-a-time order would have skipped. `close` before the end abandons the rest: the
   * child finishes it unseen, and is quietly replaced if that tail tampered with its globals.
   */
  observeMany(scenarios: readonly Scenario[]): ObservationStream {
    let index = 0;
    let stretch: Stretch | null = null;
    let closed = false;
    const dispatch = async (): Promise<void> => {
      const child = this.child !== null && this.child.alive && this.draining === null ? this.child : await this.liveChild();
      if (child === null) return;
      let end = index + 1;
      while (end < scenarios.length && this.gate(scenarios[end]!, false) === null) end++;
      const timeoutMs = this.options.limits.scenarioTimeoutMs;
      const hardMs = () => Math.max(1, Math.min(timeoutMs + hardTimeoutGraceMs(timeoutMs), this.timeLeftMs));
      stretch = { replies: child.startBatch(scenarios.slice(index, end), timeoutMs, hardMs), child, from: index };
    };
    // Sent at once when a child is free, so the caller can prepare the next stretch meanwhile.
    let primed: Promise<void> | null = scenarios.length > 0 && this.gate(scenarios[0]!, false) === null ? dispatch() : null;
    const next = async (): Promise<Observation> => {
      if (closed || index >= scenarios.length) throw new Error("observeMany: no case left (harness bug)");
      const scenario = scenarios[index]!;
      const started = Date.now();
      if (primed !== null) {
        await primed;
        primed = null;
      }
      if (stretch === null) {
        const gated = this.gate(scenario);
        if (gated !== null) {
          index++;
          return gated;
        }
        await dispatch();
        if (stretch === null) {
          index++;
          return stub({ kind: "crash", reason: `could not restart the child: ${this.loadFailure ?? "start failed"}` }, Date.now() - started);
        }
      }
      const current: Stretch = stretch;
      if (index > current.from && this.timeLeftMs <= 0) {
        // The total time ran out inside a stretch: the rest is "not run", as one at a time.
        stretch = null;
        this.abandon(async () => current);
        index++;
        return this.gate(scenario) ?? stub({ kind: "crash", reason: "not run: the total time limit was reached" }, 0);
      }
      const reply = await current.replies.next();
      index++;
      if (reply === null) throw new Error("observeMany: the child ended a batch early (harness bug)");
      const observation = this.interpret(current.child, scenario, reply, started);
      const stretchOver = reply.kind === "lost" || observation.outcome.kind === "timeout" || index - current.from >= current.replies.size;
      if (stretchOver) stretch = null;
      return observation;
    };
    const close = (): void => {
      if (closed) return;
      closed = true;
      const pendingDispatch = primed;
      if (stretch === null && pendingDispatch === null) return;
      this.abandon(async () => {
        if (pendingDispatch !== null) await pendingDispatch;
        return stretch;
      });
    };
    return { next, close };
  }

  /** Why `scenario` is not run at all, as its observation; null when it is run. `record`: the case is reached (not only looked ahead at). */
  private gate(scenario: Scenario, record = true): Observation | null {
    if (this.loadFailure !== null) return stub({ kind: "crash", reason: `the submission failed to load: ${this.loadFailure}` }, 0);
    if (this.timeLeftMs <= 0) return stub({ kind: "crash", reason: `not run: the total time limit of ${this.options.limits.totalTimeoutMs} ms was reached` }, 0);
    if (this.losses >= (this.options.lossBudget?.perProperty ?? DEFAULT_LOSS_BUDGET)) {
      if (record) this.budgetExhausted = true;
      return stub({ kind: "crash", reason: `not run: this property already lost ${this.losses} calls to timeouts or crashes` }, 0);
    }
    const skip = this.hangs.skip(scenario, record ? this.propertyId : null, record);
    if (skip === null) return null;
    const observation = stub({ kind: "crash", reason: `not run: ${skip.text}` }, 0);
    this.skips.set(observation, skip);
    return observation;
  }

  /** One reply as the observation of its case, noting tampering, stray rejections and losses. */
  private interpret(child: SandboxedChild, scenario: Scenario, reply: ChildReply, started: number): Observation {
    // Speaking for the driver is tampering, even when the genuine reply happened to arrive first.
    if (child.violation !== null) this.noteTampering(child.violation);
    if (reply.kind === "observation") {
      this.noteTampering(reply.tampering);
      this.strayRejections = Math.max(this.strayRejections, reply.strayRejections);
      if (reply.observation.outcome.kind === "timeout") this.noteLost(scenario, reply.observation);
      return reply.observation;
    }
    if (reply.kind === "driverError") {
      this.noteTampering(reply.tampering);
      return stub({ kind: "crash", reason: `the driver failed on this call: ${reply.message}` }, Date.now() - started);
    }
    this.collectOutput(child);
    const outcome: Outcome = reply.timedOut ? { kind: "timeout", afterMs: this.hardTimeoutMs() } : { kind: "crash", reason: reply.reason };
    const observation = stub(outcome, Date.now() - started);
    this.noteLost(scenario, observation);
    return observation;
  }

  /**
   * The caller stopped reading a stretch (its property failed): the child runs the rest unseen.
   * Those cases would not have run one at a time, so if they left the child tampered with or
   * lost, it is replaced quietly (no warning, no loss) before the next request.
   */
  private abandon(stretchOf: () => Promise<Stretch | null>): void {
    const draining = (async () => {
      const current = await stretchOf();
      if (current !== null) await this.drain(current.child, current.replies);
    })().finally(() => {
      if (this.draining === draining) this.draining = null;
    });
    this.draining = draining;
  }

  private async drain(child: SandboxedChild, replies: BatchReplies): Promise<void> {
    let dirty = false;
    for (let reply = await replies.next(); reply !== null; reply = await replies.next()) {
      if (reply.kind === "lost" || (reply.tampering !== null && this.tampering === null)) dirty = true;
    }
    if (dirty || child.violation !== null) {
      this.quietReplacements.add(child);
      await child.stop();
    }
  }

  private hardTimeoutMs(): number {
    const timeoutMs = this.options.limits.scenarioTimeoutMs;
    return Math.max(1, Math.min(timeoutMs + hardTimeoutGraceMs(timeoutMs), this.timeLeftMs));
  }

  /** The current child once any abandoned stretch is done, or a new one. */
  private async liveChild(): Promise<SandboxedChild | null> {
    while (this.draining !== null) await this.draining;
    if (this.child !== null && this.child.alive) return this.child;
    const quiet = this.child !== null && this.quietReplacements.has(this.child);
    return this.spawn(false, quiet);
  }

  /** A new child, quietly (no restart to report): the submission's module loaded anew. */
  async fresh(): Promise<boolean> {
    await this.close();
    return this.tampering === null && (await this.spawn(false, true)) !== null;
  }

  /** Stops the child, once any abandoned stretch is done (what it wrote, and a violation it saw, are kept). */
  async close(): Promise<void> {
    while (this.draining !== null) await this.draining;
    const child = this.child;
    this.child = null;
    if (child !== null) {
      if (child.violation !== null) this.noteTampering(child.violation);
      await child.stop();
      this.collectOutput(child);
    }
  }

  private async spawn(first: boolean, quiet = false): Promise<SandboxedChild | null> {
    if (!first && !quiet) this.restarts++;
    const started = await SandboxedChild.start(this.plan, Math.min(this.options.limits.loadTimeoutMs, Math.max(1, this.timeLeftMs)));
    if ("failure" in started) {
      if (started.output.trim().length > 0) this.outputs.push(started.output);
      this.failedRestarts++;
      // The first child defines the submission; later ones may fail for the same reason every time.
      if (first || this.failedRestarts >= MAX_FAILED_RESTARTS) this.loadFailure = started.failure;
      return null;
    }
    this.failedRestarts = 0;
    if (first) this.ready = started.ready;
    if (started.ready.loadError !== null && first) this.loadFailure = `it threw at import: ${started.ready.loadError}`;
    this.noteTampering(started.ready.tampering);
    this.child = started.child;
    return started.child;
  }

  private noteTampering(message: string | null): void {
    if (message !== null && this.tampering === null) this.tampering = { message, propertyId: this.propertyId };
  }

  private noteLost(scenario: Scenario, observation: Observation): void {
    this.losses++;
    this.hangs.noteLost(scenario, this.propertyId);
    this.lastLost = { scenario, observation };
  }

  private collectOutput(child: SandboxedChild): void {
    const output = child.outputExcerpt();
    if (output.trim().length > 0 && this.outputs.join("").length < 4000) this.outputs.push(output);
  }
}

/** An observation for a call that never reached the subject (or lost it): only the outcome is known. */
export function stub(outcome: Outcome, durationMs: number): Observation {
  return {
    outcome,
    frozen: null,
    identity: {},
    input: { unchanged: true, stillFrozen: null, after: null },
    setupError: null,
    summarizerCalls: [],
    hostile: {},
    unhandledRejections: 0,
    durationMs,
  };
}
