// A student's own awaiting of the summary with several async mistakes (./async-loop flags), as
// the compactContext part they rewrite; each flag is one mistake and can be enabled alone.
import type { MistakeDef } from "./assemble";
import { makeAwaitValue, type AsyncFlags } from "./async-loop";

/** The mistake ids of a multi-mistake implementation mapped to the async flag each one sets. */
export function asyncMistakes(flagOf: Readonly<Record<string, keyof AsyncFlags>>, enabled: ReadonlySet<string>): MistakeDef {
  const flags: Record<string, boolean> = {};
  for (const [id, flag] of Object.entries(flagOf)) if (enabled.has(id)) flags[flag] = true;
  return { parts: { awaitValue: makeAwaitValue(flags) } };
}
