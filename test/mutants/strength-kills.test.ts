import { afterAll, describe, expect, it } from "vitest";
import * as core from "../../src/core";
import { createInProcessHost } from "../../src/grader/in-process-host";
import { strengthProperties } from "../../properties/strength";
import { settings } from "../properties/_run";
import { gapMutants, mutants } from "./catalogue";
import { hostsFor, runOne } from "./matrix";

// Every strength property fails on at least one mutant of the catalogue: the strength family
// exists to kill mutants the other families let through, so each must be shown to fail.

/**
 * strength property → a mutant it kills (see docs/kill-matrix.md for every killer). The gap
 * mutants (test/mutants/catalogue-gaps-*.ts) name their strength property first in `killers`.
 */
const STRENGTH_KILLS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(gapMutants.map((m) => [m.killers?.[0] ?? "(no killer named)", m.id])),
  "strength.blank-required-strings-rejected": "message-id-may-be-blank",
  "strength.option-budget-edges": "options-summary-max-above-target",
  "strength.retention-edge": "boundary-retention-off-by-one",
  "strength.accessors-never-called": "input-invokes-getters",
  "strength.argument-cycles-are-invalid": "arguments-cycle-unbounded",
  "strength.aggregate-string-budget": "limits-no-aggregate-string-budget",
  "strength.whitespace-summary-rejected": "summary-whitespace-accepted",
  "strength.rejections-always-handled": "late-rejection-leaked",
  "strength.surrogate-runs-counted": "units-any-surrogate-pairs-with-a-low",
  "strength.derived-context-limits": "derived-records-unchecked",
  "strength.compacted-context-limits": "derived-counts-from-table-start",
  "strength.compacted-context-compacts-again": "groups-of-compacted-context-unshifted",
  "strength.muted-abort-still-cancels": "abort-seen-only-by-event",
  "strength.non-string-summary-rejected": "summary-coerced-to-text",
  // Written for a held-out mistake (a frozen input returned as itself, ./heldout-kills.test.ts);
  // in the catalogue, its deep-frozen check fails the shallow freeze of a built message.
  "strength.frozen-input-copied": "build-shallow-freeze",
  // Written for a held-out mistake (options with a null prototype refused, ./heldout-kills.test.ts);
  // in the catalogue, the mutant that refuses every null-prototype record refuses such options too.
  "strength.null-prototype-options-accepted": "null-prototype-refused",
  // Written for held-out mistakes of session 18 (s19, ./heldout-kills.test.ts); in the catalogue,
  // the mutant that reads the signal for selectCompactionBoundary refuses data that is no signal,
  // and a build that always copies (or a fast path that rebuilds) gives result.context back as a copy;
  // the then that returns a string delivers its text later, which a mutant that takes a thenable's
  // outcome only during its then call never sees (the mistake itself: ./heldout-kills.test.ts; a
  // mutant of its own would need docs/root-causes.json measured again).
  "strength.boundary-ignores-aborted-signal": "boundary-options-read-signal",
  "strength.result-context-rebuilt-same": "build-always-copies",
  "strength.then-return-not-the-value": "thenable-late-delivery-lost",
  // Written for held-out mistakes of session 19 (s20, ./heldout-kills.test.ts, where each is shown
  // failing on the mistake itself; a mutant of its own would need docs/root-causes.json measured
  // again). In the catalogue, resolvers that act more than once let the text a then fulfils with
  // after resolve(undefined) win; and no mutant reads then otherwise, so the inherited then's
  // property is shown on one that stores the delivered text otherwise than it came (trimmed).
  "strength.undefined-delivery-settles": "thenable-resolvers-not-once",
  "strength.inherited-then-adopted": "summary-trimmed",
};

const reference = createInProcessHost(core as unknown as Record<string, unknown>);
afterAll(async () => {
  await reference.close();
});

describe("every strength property fails on a mutant", () => {
  it("the table names every strength property and only catalogue mutants", () => {
    expect(Object.keys(STRENGTH_KILLS).sort()).toEqual(strengthProperties.map((p) => p.id).sort());
    const ids = new Set(mutants.map((m) => m.id));
    for (const id of Object.values(STRENGTH_KILLS)) expect(ids.has(id), id).toBe(true);
  });

  for (const property of strengthProperties) {
    const mutantId = STRENGTH_KILLS[property.id] ?? "(missing)";
    it(`${property.id} fails on ${mutantId}`, async () => {
      const mutant = mutants.find((m) => m.id === mutantId);
      expect(mutant, mutantId).toBeDefined();
      const verdict = await runOne(property, await hostsFor(mutant!, reference), { seed: settings().seed, numRuns: 100, shrink: false });
      expect(verdict.status, verdict.message).toBe("failed");
      expect(verdict.counterexample).toBeDefined();
    });
  }
});
