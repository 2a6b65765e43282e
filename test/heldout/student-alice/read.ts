// Alice's reading of a context (contract §3): checks as it copies, budgets as it goes.
import {
  MAX_CONTEXT_COLLECTION_ITEMS,
  MAX_CONTEXT_DEPTH,
  MAX_CONTEXT_MESSAGES,
  MAX_CONTEXT_RECORDS,
  MAX_CONTEXT_REQUIREMENTS,
  MAX_CONTEXT_STRING_UNITS,
  MAX_CONTEXT_TOTAL_UNITS,
  cp,
  hasText,
  oops,
  type Bugs,
} from "./basics";

type M = Record<string, any>;

/** What went wrong while reading; `tooBig` means a limit. */
type Problem = { problem: string; tooBig: boolean; code?: string };
const problems = new WeakSet<object>();
const wrong = (problem: string, code?: string): never => {
  const p: Problem = { problem, tooBig: false, code };
  problems.add(p);
  throw p;
};
const tooBig = (problem: string): never => {
  const p: Problem = { problem, tooBig: true };
  problems.add(p);
  throw p;
};

/** Reads one part of the input; whatever goes wrong inside becomes `code` (a limit: CONTEXT_LIMIT_EXCEEDED). */
export function part<T>(code: string, read: () => T): T {
  try {
    return read();
  } catch (e) {
    if (problems.has(e as object)) {
      const p = e as Problem;
      return oops(p.tooBig ? "CONTEXT_LIMIT_EXCEEDED" : (p.code ?? code), p.problem);
    }
    return oops(code, "the input could not be read");
  }
}

export const NONE = Symbol("none");

export function makeReader(bugs: Bugs) {
  let items = 0;
  let strings = 0;
  const viaGet = bugs.has("field-getter-called");

  const isPlain = (v: unknown): v is M => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return false;
    const p = Object.getPrototypeOf(v);
    return p === Object.prototype || p === null;
  };
  const obj = (v: unknown, what: string): M => (isPlain(v) ? v : wrong(`${what} is not a plain object`));

  /** An own property: absent → NONE. */
  const own = (o: object, key: PropertyKey): unknown => {
    if (viaGet) {
      // Mistake field-getter-called: fields are read with o[key] once they are own properties.
      if (!Object.prototype.hasOwnProperty.call(o, key)) return NONE;
      return (o as M)[key as string];
    }
    const d = Object.getOwnPropertyDescriptor(o, key);
    if (!d) return NONE;
    if (!("value" in d)) wrong(`${String(key)} is an accessor`);
    return d.value;
  };
  const must = (o: object, key: PropertyKey): unknown => {
    const v = own(o, key);
    return v === NONE ? wrong(`${String(key)} is missing`) : v;
  };
  const lengthOf = (v: unknown, what: string): number => {
    if (!Array.isArray(v)) wrong(`${what} is not an array`);
    return Object.getOwnPropertyDescriptor(v, "length")!.value;
  };
  const at = (a: object, i: number): unknown => {
    const v = own(a, i);
    return v === NONE ? wrong(`a hole at ${i}`) : v;
  };
  const count = (n: number) => {
    items += n;
    if (items > MAX_CONTEXT_COLLECTION_ITEMS) tooBig("too many items");
  };
  const countArray = (a: object, n: number) => {
    if (items + n > MAX_CONTEXT_COLLECTION_ITEMS) for (let i = 0; i < Math.min(n, MAX_CONTEXT_COLLECTION_ITEMS + 1); i++) at(a, i);
    count(n);
  };
  const str = (v: unknown, what: string, nonEmpty = true): string => {
    if (typeof v !== "string") wrong(`${what} is not a string`);
    const n = cp(v as string);
    strings += n;
    if (n > MAX_CONTEXT_STRING_UNITS) tooBig(`${what} is too long`);
    if (strings > MAX_CONTEXT_TOTAL_UNITS) tooBig("too much text");
    if (nonEmpty && !hasText(v as string)) wrong(`${what} is empty`);
    return v as string;
  };

  const argsObject = (v: unknown): boolean =>
    // Mistake class-instance-arguments: any non-array object passes for a JSON object.
    bugs.has("class-instance-arguments") ? typeof v === "object" && v !== null && !Array.isArray(v) : isPlain(v);

  function jsonValue(v: unknown, depth: number, parents: object[]): unknown {
    if (typeof v === "object" && v !== null && parents.includes(v)) wrong("a cycle");
    if (depth > MAX_CONTEXT_DEPTH) tooBig("too deep");
    if (v === null || typeof v === "boolean") return v;
    if (typeof v === "number") return Number.isFinite(v) ? v : wrong("not a finite number");
    if (typeof v === "string") return str(v, "a string value", false);
    if (argsObject(v)) return jsonObject(v as object, depth, parents);
    if (typeof v !== "object") return wrong(`a ${typeof v}`);
    const n = lengthOf(v, "a value");
    countArray(v as object, n);
    const out = [];
    for (let i = 0; i < n; i++) out.push(jsonValue(at(v as object, i), depth + 1, [...parents, v as object]));
    return Object.freeze(out);
  }

  function jsonObject(o: object, depth: number, parents: object[]): object {
    const keys = Reflect.ownKeys(o);
    count(keys.length);
    const out: M = {};
    for (const k of keys) {
      if (typeof k === "symbol") wrong("a symbol key");
      if (!Object.prototype.propertyIsEnumerable.call(o, k)) wrong("a hidden key");
      const v = own(o, k);
      if (v === NONE) wrong("a key vanished");
      str(k, "a key", false);
      // Defined, not assigned: a key `__proto__` is data (session 14 fixed an unplanted mistake here).
      Object.defineProperty(out, k, { value: jsonValue(v, depth + 1, [...parents, o]), enumerable: true, writable: true, configurable: true });
    }
    return Object.freeze(out);
  }

  function block(v: unknown): M {
    const b = obj(v, "a block");
    const type = must(b, "type");
    if (type === "text") return Object.freeze({ type, text: str(must(b, "text"), "text", false) });
    if (type !== "toolCall") wrong("a block type");
    const id = str(must(b, "id"), "a call id");
    const name = str(must(b, "name"), "a tool name");
    const args = must(b, "arguments");
    if (!argsObject(args)) wrong("arguments are not an object");
    return Object.freeze({ type, id, name, arguments: jsonObject(args as object, 0, []) });
  }

  function message(v: unknown): M {
    const m = obj(v, "a message");
    const role = must(m, "role");
    switch (role) {
      case "user": {
        const id = str(must(m, "id"), "an id");
        return Object.freeze({ id, role, content: str(must(m, "content"), "content", false) });
      }
      case "assistant": {
        const id = str(must(m, "id"), "an id");
        const blocks = must(m, "content");
        const n = lengthOf(blocks, "content");
        countArray(blocks as object, n);
        const content = [];
        for (let i = 0; i < n; i++) content.push(block(at(blocks as object, i)));
        return Object.freeze({ id, role, content: Object.freeze(content) });
      }
      case "toolResult": {
        const id = str(must(m, "id"), "an id");
        const toolCallId = str(must(m, "toolCallId"), "toolCallId");
        const toolName = str(must(m, "toolName"), "toolName");
        const content = str(must(m, "content"), "content", false);
        const isError = must(m, "isError");
        if (isError !== true && isError !== false) wrong("isError");
        return Object.freeze({ id, role, toolCallId, toolName, content, isError });
      }
      default:
        return wrong("a role");
    }
  }

  function transcript(v: unknown): { messages: readonly M[]; ends: number[] } {
    const n = lengthOf(v, "messages");
    if (n > MAX_CONTEXT_MESSAGES) tooBig("too many messages");
    countArray(v as object, n);
    const messages: M[] = [];
    const ends: number[] = [];
    const calls: Record<string, { i: number; name: string; answered: boolean }> = Object.create(null);
    for (let i = 0; i < n; i++) {
      const m = message(at(v as object, i));
      messages.push(m);
      ends.push(i);
      if (m.role === "assistant") {
        for (const b of m.content) {
          if (b.type !== "toolCall") continue;
          if (b.id in calls) wrong("a repeated call id");
          calls[b.id] = { i, name: b.name, answered: false };
        }
      }
      if (m.role === "toolResult") {
        const c = calls[m.toolCallId];
        if (!c) wrong("an orphan result");
        if (c.answered) wrong("a repeated result");
        if (c.name !== m.toolName) wrong("a result under another name");
        c.answered = true;
        ends[c.i] = i;
      }
    }
    for (const id in calls) if (!calls[id].answered) wrong("an unanswered call");
    return { messages: Object.freeze(messages), ends };
  }

  function requirements(v: unknown): readonly M[] {
    const n = lengthOf(v, "requirements");
    if (n > MAX_CONTEXT_REQUIREMENTS) tooBig("too many requirements");
    countArray(v as object, n);
    const out: M[] = [];
    for (let i = 0; i < n; i++) {
      const q = obj(at(v as object, i), "a requirement");
      const id = str(must(q, "id"), "a requirement id");
      const content = str(must(q, "content"), "a requirement");
      if (out.some((x) => x.id === id)) wrong("a repeated requirement id");
      out.push(Object.freeze({ id, content }));
    }
    return Object.freeze(out);
  }

  function summary(v: unknown): M | null {
    if (v === null || v === undefined) return null;
    const s = obj(v, "the summary");
    const id = str(must(s, "id"), "the summary id");
    const content = str(must(s, "content"), "the summary", false);
    if (!hasText(content)) wrong("a blank summary", "CONTEXT_SUMMARY_INVALID");
    return Object.freeze({ id, content });
  }

  function records(v: unknown): readonly M[] {
    const n = lengthOf(v, "compactions");
    if (n > MAX_CONTEXT_RECORDS) tooBig("too many records");
    countArray(v as object, n);
    const out: M[] = [];
    for (let i = 0; i < n; i++) {
      const r = obj(at(v as object, i), "a record");
      const id = str(must(r, "id"), "a record id");
      const summaryId = str(must(r, "summaryId"), "a summary id");
      const boundary = must(r, "boundary");
      if (!Number.isSafeInteger(boundary) || (boundary as number) < 1) wrong("a boundary");
      const list = must(r, "compactedMessageIds");
      const k = lengthOf(list, "compactedMessageIds");
      if (k > MAX_CONTEXT_MESSAGES) tooBig("too many ids");
      countArray(list as object, k);
      if (k !== boundary) wrong("ids and boundary disagree");
      const ids = [];
      for (let j = 0; j < k; j++) ids.push(str(at(list as object, j), "a compacted id"));
      const unitsBefore = must(r, "unitsBefore");
      const unitsAfter = must(r, "unitsAfter");
      if (!Number.isSafeInteger(unitsBefore) || (unitsBefore as number) < 0) wrong("unitsBefore");
      if (!Number.isSafeInteger(unitsAfter) || (unitsAfter as number) < 0) wrong("unitsAfter");
      if (out.some((x) => x.id === id)) wrong("a repeated record id");
      out.push(Object.freeze({ id, summaryId, boundary, compactedMessageIds: Object.freeze(ids), unitsBefore, unitsAfter }));
    }
    return Object.freeze(out);
  }

  return { obj, own, transcript, requirements, summary, records };
}
