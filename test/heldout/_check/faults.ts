// One fault planted in a valid input (contract §3 rules, one broken or one hostile but valid
// form of the data), so that the contract's answer is determined: the code of the one broken
// rule, or the context. The input is plain data produced by gen-context; faults replace parts of
// it with getters, holes, Proxies, class instances and bad values. Getter and trap calls are
// counted in `probe`, which the outcome reports (the contract calls no getter).
import type { Plain } from "./gen-context";
import type { Rng } from "./rng";

export type Probe = { getters: number; traps: number };

type Role = "input" | "requirement" | "summary" | "message" | "block" | "args" | "record" | "array";
type Place = { parent: Record<PropertyKey, unknown>; key: PropertyKey; value: unknown; role: Role; arrayOf?: string };

/** Every object and array of the input, with its parent and what it is. */
function places(input: Plain): Place[] {
  const out: Place[] = [];
  const root = { input } as Record<PropertyKey, unknown>;
  const visit = (parent: Record<PropertyKey, unknown>, key: PropertyKey, role: Role, arrayOf?: string) => {
    const value = parent[key];
    if (typeof value !== "object" || value === null) return;
    out.push({ parent, key, value, role, arrayOf });
    const v = value as Record<string, unknown>;
    if (Array.isArray(v)) {
      const item: Role | null =
        arrayOf === "requirements" ? "requirement" : arrayOf === "messages" ? "message" : arrayOf === "content" ? "block" : arrayOf === "compactions" ? "record" : arrayOf === "json" ? "args" : null;
      v.forEach((_, i) => item !== null && visit(v as never, i, item, item === "args" ? "json" : undefined));
      return;
    }
    switch (role) {
      case "input":
        for (const channel of ["requirements", "messages", "compactions"]) if (Array.isArray(v[channel])) visit(v, channel, "array", channel);
        if (v.summary !== null && v.summary !== undefined) visit(v, "summary", "summary");
        break;
      case "message":
        if (Array.isArray(v.content)) visit(v, "content", "array", "content");
        break;
      case "block":
        if (v.type === "toolCall") visit(v, "arguments", "args");
        break;
      case "record":
        visit(v, "compactedMessageIds", "array", "ids");
        break;
      case "args":
        for (const k of Object.keys(v)) {
          const inner = v[k];
          if (Array.isArray(inner)) visit(v, k, "array", "json");
          else if (typeof inner === "object" && inner !== null) visit(v, k, "args");
        }
        break;
    }
  };
  visit(root, "input", "input");
  return out;
}

export type Fault = { label: string; input: unknown };

/** A structured clone of plain data (the generator's output has no cycles, getters or Proxies). */
export function clone<T>(value: T): T {
  return structuredClone(value);
}

const objects = (ps: Place[]) => ps.filter((p) => !Array.isArray(p.value));
const arrays = (ps: Place[]) => ps.filter((p) => Array.isArray(p.value));

/** Plants one fault in a copy of `input`; `probe` counts the getters and traps the implementation runs. */
export function plant(r: Rng, input: Plain, probe: Probe): Fault {
  const copy = clone(input);
  const ps = places(copy);
  const kinds = ["getter", "hole", "proxy", "throwing-trap", "not-plain", "bad-value", "extra", "linkage", "args", "channel"] as const;
  const kind = r.pick(kinds);
  const holder = { input: copy } as Record<string, unknown>;
  const label = (what: string, place?: Place) => `${kind}: ${what}${place ? ` at ${place.role}${place.arrayOf ? `(${place.arrayOf})` : ""}.${String(place.key)}` : ""}`;
  switch (kind) {
    case "getter": {
      const place = r.pick(objects(ps));
      const target = place.value as Record<string, unknown>;
      const keys = Object.keys(target);
      if (keys.length === 0) return { label: label("none (empty object)"), input: holder.input };
      const key = r.pick(keys);
      const value = target[key];
      Object.defineProperty(target, key, {
        enumerable: true,
        configurable: true,
        get() {
          probe.getters++;
          return value;
        },
      });
      return { label: label(`getter on ${key}`, place), input: holder.input };
    }
    case "hole": {
      const candidates = arrays(ps).filter((p) => (p.value as unknown[]).length > 0);
      if (candidates.length === 0) return { label: label("none (no array)"), input: holder.input };
      const place = r.pick(candidates);
      const array = place.value as unknown[];
      if (r.chance(0.5)) delete array[r.int(array.length)];
      else array.length += 1;
      return { label: label("hole", place), input: holder.input };
    }
    case "proxy": {
      const place = r.pick(ps);
      place.parent[place.key] = new Proxy(place.value as object, {});
      return { label: label("forwarding Proxy", place), input: holder.input };
    }
    case "throwing-trap": {
      const place = r.pick(ps);
      const trap = r.pick(["getPrototypeOf", "getOwnPropertyDescriptor", "ownKeys"] as const);
      place.parent[place.key] = new Proxy(place.value as object, {
        [trap]() {
          probe.traps++;
          throw new Error(`trap ${trap}`);
        },
      });
      return { label: label(`throwing ${trap}`, place), input: holder.input };
    }
    case "not-plain": {
      const place = r.pick(objects(ps));
      const how = r.pick(["class", "proto", "array", "date"] as const);
      class Record_ {}
      const replacement =
        how === "class" ? Object.assign(new Record_(), place.value) : how === "proto" ? Object.assign(Object.create({ inherited: 1 }), place.value) : how === "array" ? [place.value] : new Date(0);
      place.parent[place.key] = replacement;
      return { label: label(`not plain (${how})`, place), input: holder.input };
    }
    case "bad-value": {
      const place = r.pick(objects(ps));
      const target = place.value as Record<string, unknown>;
      const keys = Object.keys(target);
      if (keys.length === 0) return { label: label("none (empty object)"), input: holder.input };
      const key = r.pick(keys);
      const bad = r.pick(["", "   ", 7, null, true, undefined, "x", -1, 0, 1.5, [], {}, "\u00a0"]);
      target[key] = bad;
      return { label: label(`${key} = ${JSON.stringify(bad) ?? "undefined"}`, place), input: holder.input };
    }
    case "extra": {
      const place = r.pick(objects(ps));
      const target = place.value as Record<string, unknown>;
      if (place.role === "args") return { label: label("none (args)"), input: holder.input };
      target[r.pick(["extra", "role2", "__proto_x", "meta"])] = r.pick([1, "x", { deep: [1] }, null]);
      return { label: label("extra property", place), input: holder.input };
    }
    case "linkage":
      return linkage(r, copy, label);
    case "args":
      return argsFault(r, copy, ps, label);
    case "channel": {
      const choice = r.pick(["summary-undefined", "messages-undefined", "requirements-null", "summary-blank", "input-null", "input-array", "input-string", "summary-array"] as const);
      switch (choice) {
        case "summary-undefined":
          copy.summary = undefined;
          break;
        case "messages-undefined":
          copy.messages = undefined;
          break;
        case "requirements-null":
          copy.requirements = null;
          break;
        case "summary-blank":
          copy.summary = { id: "s", content: r.pick(["", " ", "\u00a0\n"]) };
          break;
        case "summary-array":
          copy.summary = [];
          break;
        case "input-null":
          return { label: label(choice), input: null };
        case "input-array":
          return { label: label(choice), input: [copy] };
        case "input-string":
          return { label: label(choice), input: "context" };
      }
      return { label: label(choice), input: copy };
    }
  }
}

type Message = Record<string, unknown> & { role: string; content: unknown };

function linkage(r: Rng, copy: Plain, label: (what: string) => string): Fault {
  const messages = copy.messages as Message[] | undefined;
  if (!Array.isArray(messages)) return { label: label("none (no messages)"), input: copy };
  const calls: { index: number; block: Record<string, unknown> }[] = [];
  const results: number[] = [];
  messages.forEach((m, index) => {
    if (m.role === "assistant") for (const b of m.content as Record<string, unknown>[]) if (b.type === "toolCall") calls.push({ index, block: b });
    if (m.role === "toolResult") results.push(index);
  });
  const choice = r.pick(["duplicate-call-id", "result-before-call", "missing-result", "orphan", "name-mismatch", "second-result", "requirement-dup", "record-dup", "record-mismatch"] as const);
  if (choice === "requirement-dup") {
    const reqs = copy.requirements as Record<string, unknown>[] | undefined;
    if (!reqs || reqs.length === 0) return { label: label("none (no requirements)"), input: copy };
    reqs.push({ ...reqs[0] });
    return { label: label(choice), input: copy };
  }
  if (choice === "record-dup" || choice === "record-mismatch") {
    const recs = copy.compactions as Record<string, unknown>[] | undefined;
    if (!recs || recs.length === 0) return { label: label("none (no records)"), input: copy };
    if (choice === "record-dup") recs.push({ ...recs[0], compactedMessageIds: [...(recs[0].compactedMessageIds as string[])] });
    else (recs[0].compactedMessageIds as string[]).push("extra");
    return { label: label(choice), input: copy };
  }
  if (calls.length === 0) {
    messages.push({ id: "orphan", role: "toolResult", toolCallId: "nobody", toolName: "t", content: "", isError: false });
    return { label: label("orphan (no calls)"), input: copy };
  }
  const call = r.pick(calls);
  const resultIndex = messages.findIndex((m) => m.role === "toolResult" && m.toolCallId === call.block.id);
  switch (choice) {
    case "duplicate-call-id": {
      const other = calls.find((c) => c.block !== call.block);
      if (other === undefined) messages.splice(call.index + 1, 0, { id: "dup", role: "assistant", content: [{ ...call.block }] });
      else other.block.id = call.block.id;
      break;
    }
    case "result-before-call":
      messages.splice(call.index, 0, messages.splice(resultIndex, 1)[0]);
      break;
    case "missing-result":
      messages.splice(resultIndex, 1);
      break;
    case "orphan":
      messages.push({ id: "orphan", role: "toolResult", toolCallId: "nobody", toolName: "t", content: "", isError: false });
      break;
    case "name-mismatch":
      messages[resultIndex].toolName = `${call.block.name as string}x`;
      break;
    case "second-result":
      messages.push({ ...messages[resultIndex], id: "second" });
      break;
  }
  return { label: label(choice), input: copy };
}

function argsFault(r: Rng, copy: Plain, ps: Place[], label: (what: string, place?: Place) => string): Fault {
  const holders = ps.filter((p) => p.role === "args");
  if (holders.length === 0) return { label: label("none (no arguments)"), input: copy };
  const place = r.pick(holders);
  const target = place.value as Record<PropertyKey, unknown>;
  const choice = r.pick(["symbol", "non-enumerable", "nan", "infinity", "undefined", "function", "date", "map", "cycle", "shared", "deep-32", "deep-33", "array-hole", "bigint", "args-array", "args-null"] as const);
  switch (choice) {
    case "symbol":
      target[Symbol("s")] = 1;
      break;
    case "non-enumerable":
      Object.defineProperty(target, "hidden", { value: 1, enumerable: false, configurable: true, writable: true });
      break;
    case "nan":
      target.v = NaN;
      break;
    case "infinity":
      target.v = -Infinity;
      break;
    case "undefined":
      target.v = undefined;
      break;
    case "function":
      target.v = () => 1;
      break;
    case "date":
      target.v = new Date(0);
      break;
    case "map":
      target.v = new Map();
      break;
    case "cycle":
      target.v = { back: target };
      break;
    case "shared": {
      const shared = { s: [1, 2] };
      target.v = shared;
      target.w = [shared, shared];
      break;
    }
    case "deep-32":
    case "deep-33": {
      // A value at depth 32 (or 33) below the tool call's arguments object (depth 0).
      const top = holders.filter((p) => p.key === "arguments");
      const args = (top.length > 0 ? r.pick(top) : place).value as Record<string, unknown>;
      let value: unknown = 1;
      for (let d = choice === "deep-32" ? 32 : 33; d > 1; d--) value = [value];
      if (top.length > 0) args.v = value;
      return { label: label(top.length > 0 ? choice : "none (no top arguments)", place), input: copy };
    }
    case "array-hole":
      target.v = [1, , 3];
      break;
    case "bigint":
      target.v = BigInt(1);
      break;
    case "args-array":
      place.parent[place.key] = [1];
      break;
    case "args-null":
      place.parent[place.key] = null;
      break;
  }
  return { label: label(choice, place), input: copy };
}
