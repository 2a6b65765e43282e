// Ren's layer over the reference: before any export that takes a context hands it to src/core,
// Ren's `tidy` makes sure "every channel is there", so that the rest of his code (and his tests)
// can count on four channels. Each planted mistake is a flag.
import * as core from "../../../src/core/index";

type Flags = ReadonlySet<string>;

/** The mistakes planted in this layer (index.ts switches both on). */
export const PLANTED = ["channel-defaults-written-into-input", "null-channel-as-missing"];

const CHANNELS = ["requirements", "summary", "messages", "compactions"] as const;
type Channel = (typeof CHANNELS)[number];

/** What a missing channel means (contract §3). */
function emptyChannel(channel: Channel): unknown {
  return channel === "summary" ? null : [];
}

/** A plain record of the caller's (not an array, not a class instance, prototype Object.prototype or null). */
function plainRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Ren's tidy-up of a context before the core reads it. Getters are never called: a channel is looked
 * at through its own descriptor only, and anything odd (an accessor, a Proxy whose trap throws, an
 * input that is no record) is left for the core to refuse.
 */
export function tidy(input: unknown, flags: Flags): unknown {
  try {
    if (!plainRecord(input)) return input;
    let target: Record<string, unknown> = input;
    for (const channel of CHANNELS) {
      const own = Object.getOwnPropertyDescriptor(input, channel);
      if (own !== undefined && !("value" in own)) continue; // an accessor: the core's to refuse
      // [planted null-channel-as-missing] a channel set to null is taken as not given
      const missing = own === undefined || (flags.has("null-channel-as-missing") && channel !== "summary" && own.value === null);
      if (!missing) continue;
      if (flags.has("channel-defaults-written-into-input")) {
        // [planted channel-defaults-written-into-input] the default is written into the caller's own object
        try {
          input[channel] = emptyChannel(channel);
        } catch {
          // a frozen input: left as it is
        }
        continue;
      }
      if (own === undefined) continue; // missing: the core knows what that means
      // a null channel dropped from a copy, so that the core reads it as missing
      if (target === input) target = Object.create(Object.getPrototypeOf(input), Object.getOwnPropertyDescriptors(input)) as Record<string, unknown>;
      delete target[channel];
    }
    return target;
  } catch {
    return input;
  }
}

export function layerWith(flags: Flags) {
  return {
    buildActiveContext: (input: unknown) => core.buildActiveContext(tidy(input, flags) as never),
    estimateContextUnits: (input: unknown) => core.estimateContextUnits(tidy(input, flags) as never),
    selectCompactionBoundary: (input: unknown, options: unknown) => core.selectCompactionBoundary(tidy(input, flags) as never, options as never),
    compactContext: (input: unknown, options: unknown) => core.compactContext(tidy(input, flags) as never, options as never),
  };
}
