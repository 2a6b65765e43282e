// The sandboxed child's program, bundled at grade time next to the submission's bundle.
// Import order is the point: the driver captures its intrinsics first (the real `process` among
// them), then ./harden takes every Node capability away from the realm (the global `process`
// becomes a stand-in; it first reads every global, ./settle-globals), then the poisoning
// snapshots are taken (the library's, then our fast pre-check's of the same globals), and only
// then (dynamic import below) does any submission code run. By then this module holds everything
// the replies need as values: the reply pipe's writer, the key, its own serialiser, the request
// reader.
import { createDriver } from "../../../driver/index";
import { sealed } from "../../../driver/intrinsics";
import { hostProcess, writeAll } from "./harden";
import { assertNoPoisoning } from "@fast-check/poisoning";
import { globalsUnchanged } from "./globals-snapshot";
import { clipNote, MAX_REPLY_CHARS, CONTRACT_EXPORT_NAMES } from "./protocol";
import type { ChildMessage, ExportFact, ExportFacts, ParentMessage } from "./protocol";
import { readRequests } from "./requests";
import { NotData, OVER_CAP, serializeData } from "./serialize";
import type { Observation } from "../../../scenario/observation";
import type { Scenario } from "../../../scenario/scenario";

// Captured before the submission loads, so a submission that replaces them cannot blind us.
// Replies go out on fd 3, which nothing the submission can reach writes to (it has no fs, no
// stream, no native binding), each carrying the key the parent sent before the submission loaded.
const REPLY_FD = 3;
const apply = Reflect.apply;
const stringSlice = String.prototype.slice;
let key: string | null = null;
const getPrototypeOf = Object.getPrototypeOf;
const hasOwn = Object.hasOwn;
const ErrorPrototype = Error.prototype;
const SString = String;
const ErrorClass = Error;
const exit = hostProcess.exit;
const submissionUrl = hostProcess.argv[2];

let strayRejections = 0;
let inCall = false;
// A listener keeps Node from crashing on an unhandled rejection; the driver counts those of a call.
hostProcess.on("unhandledRejection", () => {
  if (!inCall) strayRejections++;
});

/** Once set, on every reply that follows: nothing the submission does can take it back. */
let tampering: string | null = null;
let detectionOn = true;

const CHANGED_GLOBALS = "Error: Poisoning detected by the grader's own snapshot of globals";
const OVERSIZED = `an observation of more than ${MAX_REPLY_CHARS / 2 ** 20} MiB of data (the contract's answers need far less): the submission floods the grader`;

/** After every case: the fast exact pre-check, and assertNoPoisoning's report once it sees a change. */
function checkGlobals(): string | null {
  if (tampering !== null || !detectionOn || globalsUnchanged()) return tampering;
  // The verdict first: the report below runs code that reads patched globals, which may throw,
  // loop or return anything; none of it can undo this.
  tampering = CHANGED_GLOBALS;
  try {
    assertNoPoisoning();
    // The library was blinded (a getter planted on Object.prototype for a descriptor field, see
    // globals-snapshot, or a patched iterator it relies on): the change is still tampering.
    tampering = `${CHANGED_GLOBALS} (assertNoPoisoning was blinded)`;
  } catch (error) {
    const report = describe(error);
    tampering = typeof report === "string" && report.length > 0 ? (apply(stringSlice, report, [0, 400]) as string) : CHANGED_GLOBALS;
  }
  return tampering;
}

/** String.prototype.slice as captured at load, for clipNote. */
const cutText = (text: string, end: number): string => apply(stringSlice, text, [0, end]) as string;

/** What was thrown, as a line of text; an error's no longer than the parent keeps (MAX_NOTE_CHARS). */
function describe(value: unknown): string {
  try {
    if (value instanceof ErrorClass) return clipNote(`${SString(value.name)}: ${SString(value.message)}`, cutText);
    if (typeof value === "string") return `thrown string "${apply(stringSlice, value, [0, 200]) as string}"`;
    return `thrown ${typeof value} ${apply(stringSlice, SString(value), [0, 200]) as string}`;
  } catch {
    return `thrown ${typeof value} (not printable)`;
  }
}

/** One reply line, serialised by our own code (./serialize), never longer than MAX_REPLY_CHARS. */
function post(message: ChildMessage): void {
  if (key === null) return;
  let line: string | typeof OVER_CAP;
  try {
    line = serializeData({ ...message, key }, MAX_REPLY_CHARS - 1);
  } catch (error) {
    if (!(error instanceof NotData) || message.type !== "observation") throw error;
    line = serializeData({ type: "driverError", id: message.id, index: message.index, message: `observation not serializable: ${describe(error)}`, tampering, key }, MAX_REPLY_CHARS - 1);
  }
  if (line === OVER_CAP) {
    if (message.type !== "observation") throw new ErrorClass("a reply of the driver's own over the cap (harness bug)");
    tampering ??= OVERSIZED;
    const observation = stubObservation(`the observation was not sent: it is over the ${MAX_REPLY_CHARS / 2 ** 20} MiB cap`);
    line = serializeData({ ...message, observation, tampering, key }, MAX_REPLY_CHARS - 1) as string;
  }
  writeAll(REPLY_FD, `${line}\n`);
}

function stubObservation(reason: string): Observation {
  return { outcome: { kind: "crash", reason }, frozen: null, identity: {}, input: { unchanged: true, stillFrozen: null, after: null }, setupError: null, summarizerCalls: [], hostile: {}, unhandledRejections: 0, durationMs: 0 };
}

function inheritsError(value: unknown): boolean {
  try {
    let proto: unknown = (value as { prototype?: unknown }).prototype;
    for (let depth = 0; depth < 32 && proto !== null && proto !== undefined; depth++) {
      if (proto === ErrorPrototype) return true;
      proto = getPrototypeOf(proto);
    }
  } catch {
    // A hostile prototype chain (a Proxy that throws) is simply not an Error subclass.
  }
  return false;
}

function describeExports(namespace: Record<string, unknown>): ExportFacts {
  const facts: Record<string, ExportFact> = {};
  // An index, not for…of: the iterator's next is Array.prototype's, which the submission may have
  // replaced at import (and put back inside its first call, before the check of the ready message).
  for (let i = 0; i < CONTRACT_EXPORT_NAMES.length; i++) {
    const name = CONTRACT_EXPORT_NAMES[i]!;
    let value: unknown;
    let present = false;
    try {
      present = hasOwn(namespace, name);
      value = present ? namespace[name] : undefined;
    } catch {
      present = false;
    }
    facts[name] = {
      present,
      typeOf: typeof value,
      extendsError: typeof value === "function" && inheritsError(value),
      number: typeof value === "number" ? value : null,
    };
  }
  return facts;
}

/** The cases of one request, in order; a case that timed out ends the batch (the parent decides what runs next). */
let busy = false;

async function runBatch(driver: ReturnType<typeof createDriver>, message: Extract<ParentMessage, { type: "observe" }>): Promise<void> {
  const { id, scenarios, timeoutMs } = message;
  try {
    await sealed(runCases(driver, id, scenarios, timeoutMs));
  } finally {
    busy = false;
  }
}

async function runCases(driver: ReturnType<typeof createDriver>, id: number, scenarios: readonly Scenario[], timeoutMs: number): Promise<void> {
  for (let index = 0; index < scenarios.length; index++) {
    inCall = true;
    let observation: Observation;
    try {
      // Boxed and sealed (driver/intrinsics.ts): awaiting the observation itself would let a
      // `then` or `constructor` the submission planted for a moment receive and replace it.
      observation = (await driver.observeBoxed(scenarios[index]!, { timeoutMs })).value;
    } catch (error) {
      inCall = false;
      post({ type: "driverError", id, index, message: describe(error), tampering: checkGlobals() });
      continue;
    }
    inCall = false;
    post({ type: "observation", id, index, observation, tampering: checkGlobals(), strayRejections });
    if (observation.outcome.kind === "timeout") return;
  }
}

/** Set once the submission has loaded; requests that come before it (none, from our parent) wait in `early`. */
let onRequest: ((message: unknown) => void) | null = null;
const early: unknown[] = [];

async function main(): Promise<void> {
  // The parent's first line carries the key; nothing of the submission runs before it arrives.
  await new Promise<void>((resolve) => {
    readRequests(
      (raw) => {
        const message = raw as { type?: unknown; key?: unknown } | null;
        if (key === null) {
          if (message !== null && typeof message === "object" && message.type === "hello" && typeof message.key === "string") {
            key = message.key;
            resolve();
          }
          return;
        }
        if (onRequest === null) early[early.length] = raw;
        else onRequest(raw);
      },
      // The grader closed the pipe (it is gone): so is this child.
      () => apply(exit, hostProcess, [0]),
    );
  });
  const baseline = checkGlobals();
  const baselineError = baseline === null ? null : `harness globals differ before loading the submission: ${baseline}`;
  if (baselineError !== null) {
    // Our own set-up tripped the detector: report it and switch detection off rather than blame the submission.
    tampering = null;
    detectionOn = false;
  }
  let namespace: Record<string, unknown> = {};
  let loadError: string | null = null;
  try {
    if (submissionUrl === undefined) throw new ErrorClass("no submission bundle given to the child");
    namespace = (await import(submissionUrl)) as Record<string, unknown>;
  } catch (error) {
    loadError = describe(error);
  }
  const exports = describeExports(namespace);
  const driver = createDriver(namespace);
  const handle = (raw: unknown): void => {
    const message = raw as ParentMessage;
    if (message === null || typeof message !== "object" || message.type !== "observe" || busy) return;
    busy = true;
    // No .then/.finally here: a submission may have patched them; await is not patchable.
    void runBatch(driver, message);
  };
  onRequest = handle;
  post({ type: "ready", loadError, exports, tampering: checkGlobals(), baselineError });
  for (let i = 0; i < early.length; i++) handle(early[i]);
}

void main();
