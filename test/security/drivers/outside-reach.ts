import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { connect } from "node:net";

// What the child program itself can still do, below the submission (which has none of fs,
// child_process or net): a stand-in driver, bundled into the child program, that tries to read
// outside its directory, write, start a process and connect out, and returns each error code.
const codeOf = (attempt: () => unknown): string => {
  try {
    attempt();
    return "allowed";
  } catch (error) {
    return String((error as { code?: unknown }).code);
  }
};

export function createDriver() {
  const driver = {
    async observeBoxed() {
      return { value: await driver.observe() };
    },
    async observe() {
      const connected = await new Promise<string>((resolve) => {
        const socket = connect(80, "1.1.1.1");
        socket.on("connect", () => (socket.destroy(), resolve("allowed")));
        socket.on("error", (error: NodeJS.ErrnoException) => resolve(String(error.code)));
      });
      const value = {
        read: codeOf(() => readFileSync("/etc/hostname")),
        write: codeOf(() => writeFileSync("/tmp/cc-outside-reach", "x")),
        spawn: codeOf(() => execFileSync("true")),
        connect: connected,
      };
      return { outcome: { kind: "returned", value }, frozen: null, identity: {}, input: { unchanged: true, stillFrozen: null, after: null }, setupError: null, summarizerCalls: [], hostile: {}, unhandledRejections: 0, durationMs: 0 };
    },
  };
  return driver;
}
