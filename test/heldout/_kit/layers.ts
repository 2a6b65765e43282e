// Helpers for layers that change what the exported functions do with their input or result,
// the same way in every function that reads a context (a student's mistake lives in the one
// reader or writer all of them share).
import type { Impl } from "./impl";

/** Every function that takes a context (or transcript) sees `map(input)` instead. */
export function mapInput(base: Impl, map: (input: unknown) => unknown): Impl {
  return {
    buildActiveContext: (input) => base.buildActiveContext(map(input)),
    groupToolRounds: (transcript) => base.groupToolRounds(map(transcript)),
    estimateContextUnits: (input) => base.estimateContextUnits(map(input)),
    selectCompactionBoundary: (input, options) => base.selectCompactionBoundary(map(input), options),
    compactContext: async (input, options) => base.compactContext(map(input), options),
  };
}

/** Every function that takes options sees `map(options)` instead. */
export function mapOptions(base: Impl, map: (options: unknown) => unknown): Impl {
  return {
    ...base,
    selectCompactionBoundary: (input, options) => base.selectCompactionBoundary(input, map(options)),
    compactContext: (input, options) => base.compactContext(input, map(options)),
  };
}

/**
 * A check of the context the reference built (valid, plain, frozen), run wherever a context or
 * transcript is read: an extra rule the student applies. `check` throws to refuse.
 */
export function checkBuilt(base: Impl, check: (messages: readonly unknown[], context: unknown | null) => void): Impl {
  const checked = (input: unknown) => {
    const context = base.buildActiveContext(input) as { messages: readonly unknown[] };
    check(context.messages, context);
    return context;
  };
  return {
    buildActiveContext: checked,
    groupToolRounds: (transcript) => {
      const groups = base.groupToolRounds(transcript) as readonly { messages: readonly unknown[] }[];
      check(
        groups.flatMap((g) => g.messages),
        null,
      );
      return groups;
    },
    estimateContextUnits: (input) => base.estimateContextUnits(checked(input)),
    selectCompactionBoundary: (input, options) => base.selectCompactionBoundary(checked(input), options),
    compactContext: async (input, options) => base.compactContext(checked(input), options),
  };
}

/** compactContext's rejections passed through `remap`, which answers the error to throw instead (or null: unchanged). */
export function remapRejection(base: Impl, remap: (error: unknown, options: unknown) => unknown | null): Impl {
  return {
    ...base,
    compactContext: async (input, options) => {
      try {
        return await base.compactContext(input, options);
      } catch (error) {
        throw remap(error, options) ?? error;
      }
    },
  };
}
