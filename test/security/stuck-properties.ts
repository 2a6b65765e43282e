import fc from "fast-check";
import type { PropertyDefinition } from "../../src/scenario/property";

// A grader that hangs (for grade-class's process timeout): the property's check never returns.
// Stands for a grader stopped or stuck for any reason while its sandboxed child is alive.
export const properties: readonly PropertyDefinition[] = [
  {
    id: "stuck.forever",
    family: "stuck",
    title: "a check that never returns",
    weight: 1,
    catches: "nothing",
    specRef: "none",
    arbitrary: fc.constant({ operation: { kind: "groups", transcript: [] } }),
    check: () => {
      for (;;) {
        // the grader's event loop never comes back
      }
    },
  },
];
