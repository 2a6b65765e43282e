// The child program's second module (after the driver has captured its intrinsics, the real
// `process` among them): it takes away from the realm every Node capability the submission could
// use against the grader, before the submission loads. A bundle cannot import anything but its own
// files, node:util and node:buffer (../confine.ts), and has no dynamic import() left; what the
// runtime still hands out to any code is removed here:
// - `process`: the global becomes a small frozen stand-in (env, argv, platform, versions,
//   nextTick, hrtime, memoryUsage, exit, stdout/stderr writers; inert event methods). The real
//   object, with binding, _linkedBinding, dlopen, getBuiltinModule, kill, _kill, report,
//   _debugProcess, _getActiveHandles, setuid... and its event listeners (the driver's
//   unhandledRejection listener), is kept here for the driver only; those capabilities are also
//   deleted from it.
// - stdio: process.stdout/stderr are not streams (a net.Socket or fs stream's class opens any
//   file descriptor, the reply pipe or a unix-domain socket): writers that append to fd 1 and 2,
//   bounded. console writes through them. stdin is inert: fd 0 carries the grader's requests.
// - fetch (its dispatcher's class connects to unix-domain sockets), WebSocket, EventSource, and
//   undici's global dispatcher. Undici creates that dispatcher when it first loads, which reading
//   any of the lazy globals Headers, Request, Response or FormData does: ./settle-globals reads
//   every global first, so undici has loaded (once) before the dispatcher is deleted below.
import "./settle-globals";
import { writeSync } from "node:fs";
import { types } from "node:util";

const hostProcess: NodeJS.Process = process;
const R = Reflect;
const apply = R.apply;
const defineProperty = R.defineProperty;
const deleteProperty = R.deleteProperty;
const freeze = Object.freeze;
const isUint8Array = types.isUint8Array;
const SString = String;
const U8 = Uint8Array;
const stringSlice = String.prototype.slice;
const exit = hostProcess.exit;
const nextTick = hostProcess.nextTick;
const hrtime = hostProcess.hrtime;
const hrtimeBigint = hostProcess.hrtime.bigint;
const memoryUsage = hostProcess.memoryUsage;
const cpuUsage = hostProcess.cpuUsage;
const uptime = hostProcess.uptime;

/** The real process, for the child program only (its listeners, argv, exit). */
export { hostProcess };

/** Writes all of `text` to `fd` (blocking: the pipes of the child are). */
export function writeAll(fd: number, text: string): void {
  writeSync(fd, text);
}

/** The most a submission may write to stdout and stderr each (the grader keeps far less). */
const OUTPUT_CAP_CHARS = 1 << 20;

function writer(fd: number): object {
  let written = 0;
  const write = (chunk: unknown, encodingOrCallback?: unknown, callback?: unknown): boolean => {
    try {
      if (written < OUTPUT_CAP_CHARS) {
        let text: string | Uint8Array = typeof chunk === "string" || isUint8Array(chunk) ? (chunk as string | Uint8Array) : SString(chunk);
        if (text.length > OUTPUT_CAP_CHARS - written) text = typeof text === "string" ? (apply(stringSlice, text, [0, OUTPUT_CAP_CHARS - written]) as string) : new U8(text.buffer, text.byteOffset, OUTPUT_CAP_CHARS - written);
        written += text.length;
        if (typeof text === "string") writeSync(fd, text);
        else writeSync(fd, text);
      }
    } catch {
      // a closed pipe, an unprintable value: output is not part of the grade
    }
    // A stream's write callback gets null when the write succeeded: console's handler reads
    // `err !== null` and then looks at the stream's _writableState, which this writer has not.
    const done = typeof encodingOrCallback === "function" ? encodingOrCallback : callback;
    if (typeof done === "function") apply(nextTick, hostProcess, [done, null]);
    return true;
  };
  return freeze({ write, end: write, isTTY: false, writable: true, columns: 80, ...inertEvents() });
}

/** Event methods that keep nothing and call nothing (console asks for listenerCount/once/removeListener). */
function inertEvents(): Record<string, (...args: unknown[]) => unknown> {
  const self = function (this: unknown): unknown {
    return this;
  };
  return {
    on: self,
    once: self,
    off: self,
    addListener: self,
    removeListener: self,
    removeAllListeners: self,
    prependListener: self,
    prependOnceListener: self,
    setMaxListeners: self,
    emit: () => false,
    listenerCount: () => 0,
    listeners: () => [],
    rawListeners: () => [],
    eventNames: () => [],
  };
}

const stdout = writer(1);
const stderr = writer(2);
const stdin = freeze({ isTTY: false, readable: false, read: () => null, setEncoding: inertEvents().on, pause: inertEvents().on, resume: inertEvents().on, ...inertEvents() });

// console is bound to the real process's stdout/stderr getters, read the first time it writes.
for (const [name, value] of [["stdout", stdout], ["stderr", stderr], ["stdin", stdin]] as const) {
  defineProperty(hostProcess, name, { configurable: true, enumerable: false, get: () => value });
}

/** What the real process hands out that no submission needs: native bindings, signals, privileges, diagnostics. */
const REMOVED_FROM_PROCESS = [
  "binding",
  "_linkedBinding",
  "dlopen",
  "getBuiltinModule",
  "kill",
  "_kill",
  "report",
  "_debugProcess",
  "_debugEnd",
  "_startProfilerIdleNotifier",
  "_stopProfilerIdleNotifier",
  "_getActiveHandles",
  "_getActiveRequests",
  "setuid",
  "setgid",
  "seteuid",
  "setegid",
  "setgroups",
  "initgroups",
  "chdir",
  "umask",
  "loadEnvFile",
  "openStdin",
  "setSourceMapsEnabled",
];
/**
 * Removes `key` from `target`; a property that cannot be deleted (undici defines its global
 * dispatcher non-configurable, but writable) is emptied for good instead. Throws when neither
 * works: no capability survives silently (Reflect.deleteProperty only returns false).
 */
function remove(target: object, key: PropertyKey): void {
  if (deleteProperty(target, key) || defineProperty(target, key, { value: undefined, writable: false })) return;
  throw new Error(`the child could not remove ${SString(key)} before loading the submission (harness bug)`);
}

for (const name of REMOVED_FROM_PROCESS) remove(hostProcess, name);

const versions = freeze({ ...hostProcess.versions });
const processStandIn = freeze({
  env: freeze({ ...hostProcess.env }),
  argv: freeze([hostProcess.argv0]),
  argv0: hostProcess.argv0,
  execArgv: freeze([]),
  platform: hostProcess.platform,
  arch: hostProcess.arch,
  version: hostProcess.version,
  versions,
  pid: hostProcess.pid,
  ppid: hostProcess.ppid,
  stdout,
  stderr,
  stdin,
  nextTick: (callback: (...args: unknown[]) => void, ...args: unknown[]): void => apply(nextTick, hostProcess, [callback, ...args]),
  hrtime: freeze(Object.assign((time?: [number, number]) => apply(hrtime, hostProcess, time === undefined ? [] : [time]) as [number, number], { bigint: () => apply(hrtimeBigint, hostProcess, []) as bigint })),
  memoryUsage: () => apply(memoryUsage, hostProcess, []) as NodeJS.MemoryUsage,
  cpuUsage: (previous?: NodeJS.CpuUsage) => apply(cpuUsage, hostProcess, previous === undefined ? [] : [previous]) as NodeJS.CpuUsage,
  uptime: () => apply(uptime, hostProcess, []) as number,
  cwd: () => "/",
  exit: (code?: number) => apply(exit, hostProcess, [code]) as never,
  emitWarning: () => {},
  ...inertEvents(),
  [Symbol.toStringTag]: "process",
});
defineProperty(globalThis, "process", { value: processStandIn, writable: false, enumerable: false, configurable: false });

for (const name of ["fetch", "WebSocket", "EventSource"]) remove(globalThis, name);
remove(globalThis, Symbol.for("undici.globalDispatcher.1"));
