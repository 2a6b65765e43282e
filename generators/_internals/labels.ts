import type { Expected } from "../../src/scenario/expected";

/** "code:<CODE>" for each allowed code, or "outcome:returns". */
export function outcomeLabels(expected: Expected): string[] {
  return expected.kind === "returns" ? ["outcome:returns"] : expected.codes.map((c) => `code:${c}`);
}

/** Clone of plain scenario data (no functions, no cycles in scenario data). */
export function cloneData<T>(value: T): T {
  return structuredClone(value);
}
