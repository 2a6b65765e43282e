// Oda's layer over the reference compactContext: she heads the summary the summarizer writes
// ("Summary: …", so that a reader of the context knows what it is) by handing the core a
// summarizer of her own around the caller's, and she looks the compacted result over before
// handing it back. Each planted mistake is a flag; with every flag off the layer hands
// everything on untouched.
import * as core from "../../../src/core/index";
import { types } from "node:util";
import type { Impl } from "../_kit/impl";

export const PLANTED = ["summary-headed", "empty-suffix-refused"] as const;

type Flags = ReadonlySet<string>;
type Bag = Record<string | symbol, unknown>;
type Summarizer = (request: unknown, signal: unknown) => unknown;

const HEADING = "Summary: ";

/** A plain options object (not a Proxy, not an array) she can copy, descriptors and all. */
function copyable(options: unknown): options is Bag {
  if (typeof options !== "object" || options === null || types.isProxy(options) || Array.isArray(options)) return false;
  const proto = Object.getPrototypeOf(options);
  return proto === Object.prototype || proto === null;
}

/** The options she hands on: a copy (same prototype, same descriptors) whose summarizer heads the text. */
function headed(options: unknown): unknown {
  if (!copyable(options)) return options;
  const d = Object.getOwnPropertyDescriptor(options, "summarizer");
  if (d === undefined || !("value" in d) || typeof d.value !== "function") return options;
  const original = d.value as Summarizer;
  const withHeading: Summarizer = (request, signal) => {
    const text = original(request, signal);
    // A text given at once is headed here; anything to wait for is handed on as it is.
    return typeof text === "string" ? HEADING + text : text;
  };
  const fields = Object.getOwnPropertyDescriptors(options);
  fields.summarizer = { ...d, value: withHeading };
  return Object.create(Object.getPrototypeOf(options), fields);
}

type Result = { status: string; context: { messages: readonly unknown[] } };

export function layerWith(flags: Flags): (base: Impl) => Impl {
  return (base) => ({
    ...base,
    compactContext: (input, options) => {
      // [planted summary-headed] the summary is handed to the core (checked and stored) with her heading in front of it
      const pending = base.compactContext(input, flags.has("summary-headed") ? headed(options) : options);
      // [planted empty-suffix-refused] a compaction that keeps no message is refused, as if an empty transcript were no transcript
      if (!flags.has("empty-suffix-refused")) return pending;
      return pending.then((value) => {
        const result = value as Result;
        if (result.status === "compacted" && result.context.messages.length === 0) {
          throw new core.ContextCompactionError("CONTEXT_INVALID_TRANSCRIPT", "the compacted context keeps no message");
        }
        return value;
      });
    },
  });
}
