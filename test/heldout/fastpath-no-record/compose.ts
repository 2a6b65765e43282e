// One mistake (wrapper): the unchanged result is `{ status: "unchanged", context }`, without
// `record: null`.
import { maker } from "../_kit/assemble";
import type { Impl } from "../_kit/impl";

function layer(base: Impl): Impl {
  return {
    ...base,
    compactContext: async (input, options) => {
      const result = (await base.compactContext(input, options)) as { status: string; context: unknown };
      return result.status === "unchanged" ? Object.freeze({ status: result.status, context: result.context }) : result;
    },
  };
}

export const make = maker({ "unchanged-without-record": { layer } });
