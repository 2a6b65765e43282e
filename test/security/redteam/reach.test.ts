import { chmod, mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gradeStandIn, onLinux, reportText, writeSubmission } from "../support";
import { redteamFixture } from "./support";

// Red-team pass (session 10): what is still reachable from the child's realm after it was
// hardened. A walk of everything reachable from globalThis (string and symbol keys, prototypes,
// getters) found undici's global dispatcher under Symbol.for("undici.globalDispatcher.1"):
// harden.ts deleted it, but the dispatcher is created when undici first loads, which reading the
// lazy globals Headers, Request, Response or FormData does (settle-globals.ts did, after harden),
// and undici defines it non-configurable, so a delete fails (silently: Reflect.deleteProperty).
// Its class connects to a unix-domain socket and speaks HTTP there, answers included; its
// prototype chain also led to EventEmitter.prototype (the real process's emit).

const work = await mkdtemp(join(tmpdir(), "cc-redteam-reach-"));
const socketPath = join(work, "service.sock");
let server: Server;
let connections = 0;
const sockets = new Set<Socket>();
beforeAll(async () => {
  await chmod(work, 0o777);
  server = createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.end("HTTP/1.1 200 OK\r\ncontent-length: 6\r\n\r\nsecret");
  });
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  await chmod(socketPath, 0o777);
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(work, { recursive: true, force: true });
});

/** Units of a message: the length of what the socket answered (6) when the attack worked, else -1. */
const dispatcherAttack = `
const dispatcher = globalThis[Symbol.for("undici.globalDispatcher.1")];
let answer = -1;
if (dispatcher !== undefined) {
  const Agent = dispatcher.constructor;
  const agent = new Agent({ connect: { socketPath: ${JSON.stringify(socketPath)} } });
  try {
    const response = await agent.request({ origin: "http://localhost", path: "/", method: "GET" });
    answer = (await response.body.text()).length;
  } catch {}
}
export const estimateContextUnits = () => answer;
export const groupToolRounds = () => null;
`;

describe.runIf(onLinux)("nothing left in the child's realm connects anywhere", () => {
  it("undici's global dispatcher is gone (it came back when a lazy global loaded undici after harden)", async () => {
    const before = connections;
    const result = await gradeStandIn(await writeSubmission({ "index.js": dispatcherAttack }));
    expect(connections - before).toBe(0);
    expect(result.score).toBe(0);
  });

  it("a walk of everything reachable from the realm (every global, key, prototype and getter, and an instance of each constructible global) finds no handle, dispatcher, stream or capability", async () => {
    const result = await gradeStandIn(redteamFixture("realm-walk"));
    expect(reportText(result)).not.toMatch(/reachable:/);
    expect(result.score).toBe(3);
  });

  it("no stack frame hands out a function or a receiver (V8's CallSites give them for sloppy code only; every frame of the child is a module's)", async () => {
    const result = await gradeStandIn(redteamFixture("stack-frames"));
    expect(result.score).toBe(3);
    expect(reportText(result)).not.toMatch(/global tampering/);
  });
});
