// The sandboxed child's program, bundled at grade time next to the submission's bundle.
// Import order is the point: the poisoning snapshots are taken first (the library's, then our
// fast pre-check's of the same globals), then the driver captures its intrinsics, and only then
// (dynamic import below) does any submission code run.
import "./settle-globals";
import { assertNoPoisoning } from "@fast-check/poisoning";
import { globalsUnchanged } from "./globals-snapshot";
import { writeSync } from "node:fs";
import { createDriver } from "../../../driver/index";
import { CONTRACT_EXPORT_NAMES } from "./protocol";
import type { ChildMessage, ExportFact, ExportFacts, ParentMessage } from "./protocol";
import type { Observation } from "../../../scenario/observation";
import type { Scenario } from "../../../scenario/scenario";

// Captured before the submission loads, so a submission that replaces them cannot blind us.
// Replies go out on fd 3 through fs.writeSync (its internals are out of userland's reach), each
// carrying the key the parent sent before the submission loaded: a reply without it is forged.
const REPLY_FD = 3;
const stringify = JSON.stringify;
const bufferFrom = Buffer.from.bind(Buffer);
let key: string | null = null;
const getPrototypeOf = Object.getPrototypeOf;
const hasOwn = Object.hasOwn;
const ErrorPrototype = Error.prototype;
const SString = String;
const ErrorClass = Error;

let strayRejections = 0;
let inCall = false;
// A listener keeps Node from crashing on an unhandled rejection; the driver counts those of a call.
process.on("unhandledRejection", () => {
  if (!inCall) strayRejections++;
});

let tampering: string | null = null;
let detectionOn = true;

/** After every case: the fast exact pre-check, and assertNoPoisoning's report once it sees a change. */
function checkGlobals(): string | null {
  if (tampering !== null || !detectionOn || globalsUnchanged()) return tampering;
  try {
    assertNoPoisoning();
    // The library was blinded (a getter planted on Object.prototype for a descriptor field, see
    // globals-snapshot, or a patched iterator it relies on): the change is still tampering.
    tampering = "Error: Poisoning detected by the grader's own snapshot of globals (assertNoPoisoning was blinded)";
  } catch (error) {
    tampering = describe(error).slice(0, 400);
  }
  return tampering;
}

function describe(value: unknown): string {
  try {
    if (value instanceof ErrorClass) return `${SString(value.name)}: ${SString(value.message)}`;
    if (typeof value === "string") return `thrown string "${value.slice(0, 200)}"`;
    return `thrown ${typeof value} ${SString(value).slice(0, 200)}`;
  } catch {
    return `thrown ${typeof value} (not printable)`;
  }
}

function post(message: ChildMessage): void {
  if (key === null) return;
  let line: string;
  try {
    line = stringify({ ...message, key });
  } catch (error) {
    if (message.type !== "observation") return;
    line = stringify({ type: "driverError", id: message.id, index: message.index, message: `observation not serializable: ${describe(error)}`, tampering, key });
  }
  const bytes = bufferFrom(`${line}\n`, "utf8");
  for (let offset = 0; offset < bytes.length; ) offset += writeSync(REPLY_FD, bytes, offset, bytes.length - offset);
}

/** The parent's first message carries the key; nothing of the submission runs before it arrives. */
function receiveKey(): Promise<void> {
  return new Promise((resolve) => {
    const onHello = (raw: unknown) => {
      const hello = raw as { type?: unknown; key?: unknown } | null;
      if (hello === null || typeof hello !== "object" || hello.type !== "hello" || typeof hello.key !== "string") return;
      key = hello.key;
      process.off("message", onHello);
      resolve();
    };
    process.on("message", onHello);
  });
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
  for (const name of CONTRACT_EXPORT_NAMES) {
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
    await runCases(driver, id, scenarios, timeoutMs);
  } finally {
    busy = false;
  }
}

async function runCases(driver: ReturnType<typeof createDriver>, id: number, scenarios: readonly Scenario[], timeoutMs: number): Promise<void> {
  for (let index = 0; index < scenarios.length; index++) {
    inCall = true;
    let observation: Observation;
    try {
      observation = await driver.observe(scenarios[index]!, { timeoutMs });
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

async function main(): Promise<void> {
  await receiveKey();
  const baseline = checkGlobals();
  const baselineError = baseline === null ? null : `harness globals differ before loading the submission: ${baseline}`;
  if (baselineError !== null) {
    // Our own set-up tripped the detector: report it and switch detection off rather than blame the submission.
    tampering = null;
    detectionOn = false;
  }
  const url = process.argv[2];
  let namespace: Record<string, unknown> = {};
  let loadError: string | null = null;
  try {
    if (url === undefined) throw new ErrorClass("no submission bundle given to the child");
    namespace = (await import(url)) as Record<string, unknown>;
  } catch (error) {
    loadError = describe(error);
  }
  const exports = describeExports(namespace);
  const driver = createDriver(namespace);
  process.on("message", (raw: unknown) => {
    const message = raw as ParentMessage;
    if (message === null || typeof message !== "object" || message.type !== "observe" || busy) return;
    busy = true;
    // No .then/.finally here: a submission may have patched them; await is not patchable.
    void runBatch(driver, message);
  });
  post({ type: "ready", loadError, exports, tampering: checkGlobals(), baselineError });
}

void main();
