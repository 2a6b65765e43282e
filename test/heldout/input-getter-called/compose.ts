// One mistake (wrapper): the student's reader takes the four channels of the input with a
// destructuring assignment, `const { requirements = [], summary = null, messages = [],
// compactions = [] } = input`, before validating them. So a getter on a channel is called (and
// its value used) instead of being refused, and a channel inherited from Object.prototype is
// read. Inputs the module built (frozen) and Proxies go to the reader unchanged.
import { types } from "node:util";
import { maker } from "../_kit/assemble";
import { mapInput } from "../_kit/layers";

function destructured(input: unknown): unknown {
  if (typeof input !== "object" || input === null || Object.isFrozen(input) || types.isProxy(input) || Array.isArray(input)) return input;
  const proto = Object.getPrototypeOf(input);
  if (proto !== Object.prototype && proto !== null) return input;
  const { requirements = [], summary = null, messages = [], compactions = [] } = input as Record<string, unknown>;
  return { requirements, summary, messages, compactions };
}

export const make = maker({
  "channel-getter-called": { layer: (base) => mapInput(base, destructured) },
});
