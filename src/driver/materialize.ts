// Scenario data → live values in this realm. Special tags become -0, NaN, ±Infinity,
// undefined, counting functions, bigints, fresh symbols and already aborted AbortSignals; {$cc:"hole"} in an array leaves a
// real hole. Every object is fresh per call (the subject may mutate it) and properties are
// defined, never assigned, so a key like "__proto__" stays an own data property.
import type { Json } from "../scenario/data";
import { AbortControllerCtor, BigIntCtor, DOMExceptionCtor, ErrorCtor, StringCtor, abortControllerAbortIntrinsic, abortControllerSignalIntrinsic, SymbolCtor, getOwnPropertyDescriptor, isArray, jsonStringify, objectKeys } from "./intrinsics";
import { COUNTER, type HostileCounters } from "./hostile-counters";
import { defineData } from "./read";
import { ScenarioError } from "./scenario-error";

const HOLE = SymbolCtor("hole");

function tagOf(o: { [k: string]: Json }): string | undefined {
  const d = getOwnPropertyDescriptor(o, "$cc");
  return d !== undefined && typeof d.value === "string" ? d.value : undefined;
}

function field(o: { [k: string]: Json }, key: string): Json | undefined {
  return getOwnPropertyDescriptor(o, key)?.value as Json | undefined;
}

function countingFunction(counters: HostileCounters): () => undefined {
  return function foundInInput() {
    counters.bump(COUNTER.function);
    return undefined;
  };
}

function special(tag: string, o: { [k: string]: Json }, counters: HostileCounters): unknown {
  switch (tag) {
    case "-0":
      return -0;
    case "NaN":
      return NaN;
    case "Infinity":
      return Infinity;
    case "-Infinity":
      return -Infinity;
    case "undefined":
      return undefined;
    case "function":
      return countingFunction(counters);
    case "bigint": {
      const v = field(o, "value");
      if (typeof v !== "string") throw new ScenarioError("bigint tag without a string value");
      return BigIntCtor(v);
    }
    case "symbol": {
      const d = field(o, "description");
      return SymbolCtor(typeof d === "string" ? d : undefined);
    }
    case "boxedString": {
      const v = field(o, "value");
      if (typeof v !== "string") throw new ScenarioError("boxedString tag without a string value");
      return new StringCtor(v);
    }
    case "abortedSignal": {
      const controller = new AbortControllerCtor();
      abortControllerAbortIntrinsic(controller);
      return abortControllerSignalIntrinsic(controller);
    }
    // What a summarizer may throw or reject with without any abort: still a failure, no cancellation (§7).
    case "abortError":
      return new DOMExceptionCtor("the summarizer's own operation was aborted", "AbortError");
    case "abortNamedError": {
      const error = new ErrorCtor("the summarizer's own operation was aborted");
      defineData(error, "name", "AbortError");
      return error;
    }
    case "hole":
      return HOLE;
    default:
      throw new ScenarioError(`unknown $cc tag ${jsonStringify(tag)} in scenario data`);
  }
}

function live(value: Json, counters: HostileCounters): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (isArray(value)) {
    const out: unknown[] = [];
    out.length = value.length;
    for (let i = 0; i < value.length; i++) {
      const item = live(value[i], counters);
      if (item !== HOLE) defineData(out, i, item);
    }
    return out;
  }
  const tag = tagOf(value);
  if (tag !== undefined) return special(tag, value, counters);
  const out: Record<string, unknown> = {};
  const keys = objectKeys(value);
  for (let i = 0; i < keys.length; i++) {
    const item = live(field(value, keys[i]) as Json, counters);
    if (item === HOLE) throw new ScenarioError("a hole tag outside an array");
    defineData(out, keys[i], item);
  }
  return out;
}

/** A fresh live value for scenario data. */
export function materialize(value: Json, counters: HostileCounters): unknown {
  const result = live(value, counters);
  if (result === HOLE) throw new ScenarioError("a hole tag at the root");
  return result;
}
