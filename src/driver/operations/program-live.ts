// The live state of a program run (semantics in src/scenario/program.ts): the context the
// subject last built or compacted, and the messages appended since that are in no built
// context yet. Subject values are only read through own data properties.
import type { Json, MessageData } from "../../scenario/data";
import { StringCtor, isArray } from "../intrinsics";
import { defineData, ownDataValue, pushItem } from "../read";

export interface LiveState {
  /** The subject's own context object (never rebuilt by the driver). */
  live: unknown;
  /** `live` as data, as last read (each step compares it with a fresh read afterwards). */
  data: Json;
  /** Appended messages, as data, waiting for a build that includes them. */
  readonly pending: MessageData[];
  /** What the compact steps share (ProgramReuse): the options object and the controller in use, once made. */
  readonly reuse?: { readonly options: boolean; readonly signal: boolean; shared: Record<string, unknown> | null; controller: AbortController | null };
}

function itemsOf(list: unknown): unknown[] {
  const out: unknown[] = [];
  if (!isArray(list)) return out;
  const length = ownDataValue(list, "length");
  if (typeof length !== "number") return out;
  for (let i = 0; i < length; i++) pushItem(out, ownDataValue(list, StringCtor(i)));
  return out;
}

export function addPending(state: LiveState, messages: readonly MessageData[]): void {
  for (let i = 0; i < messages.length; i++) pushItem(state.pending, messages[i]);
}

export function clearPending(state: LiveState): void {
  state.pending.length = 0;
}

/**
 * A plain input made of the live context's own channels (the subject's frozen values, passed
 * as they are) and its messages followed by fresh live copies of the pending ones.
 */
export function extendedInput(state: LiveState, materialize: (message: MessageData) => unknown): Record<string, unknown> {
  const live = state.live;
  const messages = itemsOf(ownDataValue(live, "messages"));
  for (let i = 0; i < state.pending.length; i++) pushItem(messages, materialize(state.pending[i]));
  return {
    requirements: ownDataValue(live, "requirements"),
    summary: ownDataValue(live, "summary") ?? null,
    messages,
    compactions: ownDataValue(live, "compactions"),
  };
}

/** A channel of the live data; a missing one is what toData writes for `undefined`. */
function channelData(data: Json, name: string): Json {
  const value = ownDataValue(data, name);
  if (value !== undefined) return value as Json;
  const tag: { [key: string]: Json } = {};
  defineData(tag, "$cc", "undefined");
  return tag;
}

/**
 * What `extendedInput` is as data, built from the live data and the pending messages' own
 * data, without reading the input (the driver compares it with a read after the call).
 */
export function extendedInputData(state: LiveState): Json {
  const messages: Json[] = [];
  const liveMessages = ownDataValue(state.data, "messages");
  if (isArray(liveMessages)) for (let i = 0; i < liveMessages.length; i++) pushItem(messages, liveMessages[i] as Json);
  for (let i = 0; i < state.pending.length; i++) pushItem(messages, state.pending[i] as unknown as Json);
  const out: { [key: string]: Json } = {};
  defineData(out, "requirements", channelData(state.data, "requirements"));
  defineData(out, "summary", (ownDataValue(state.data, "summary") ?? null) as Json);
  defineData(out, "messages", messages);
  defineData(out, "compactions", channelData(state.data, "compactions"));
  return out;
}
