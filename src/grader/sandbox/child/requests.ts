// The grader's requests, one JSON line each on fd 0 (the child's stdin, which nothing else in the
// child reads: process.stdin is inert, ./harden.ts). Read through a socket only this module
// holds (nothing the submission can reach leads to it: the real process and its handle list are
// hidden, and no event emitter's or stream's prototype is reachable from its realm), and split
// with functions captured when the child program loaded, so a submission that patches String or
// JSON sees nothing of the requests and changes nothing.
import { Socket } from "node:net";

const apply = Reflect.apply;
const indexOf = String.prototype.indexOf;
const slice = String.prototype.slice;
const parse = JSON.parse;

/** Calls `onMessage` with each line's value (null for a line that is not JSON), `onEnd` when the grader closes the pipe. */
export function readRequests(onMessage: (message: unknown) => void, onEnd: () => void): void {
  const input = new Socket({ fd: 0, readable: true, writable: false });
  input.setEncoding("utf8");
  input.on("end", onEnd);
  input.on("error", onEnd);
  let pending = "";
  input.on("data", (chunk: string) => {
    let text = chunk;
    for (let newline = apply(indexOf, text, ["\n"]) as number; newline >= 0; newline = apply(indexOf, text, ["\n"]) as number) {
      const line = pending + (apply(slice, text, [0, newline]) as string);
      pending = "";
      text = apply(slice, text, [newline + 1]) as string;
      let message: unknown = null;
      try {
        message = parse(line);
      } catch {
        // not a request: ignored
      }
      onMessage(message);
    }
    pending += text;
  });
}
