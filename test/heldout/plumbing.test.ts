// The plumbing of the held-out implementations is transparent: with every planted mistake
// switched off (make(∅)), each composable implementation gives the contract's outcome on every
// witness of the set (the behaviours at stake), and answers as src/core on a small sample of
// generated scenarios (valid and faulty contexts, options, summarizer scripts, aborts);
// `npx tsx test/heldout/_check/all-off.mts 2000` runs a larger sample. `npm test` checks every
// third implementation, `npm run test:long` the others (test/_helpers/long-sample.ts).
import { readdirSync, existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Maker } from "./_kit/assemble";
import { differences, type Latitude } from "./_check/differential";
import { countingUnhandled } from "./_witness/observe";
import { longSample } from "../_helpers/long-sample";
import { HELDOUT, type Mistake } from "./manifest";

const witnesses: Mistake[] = [...new Map(HELDOUT.flatMap((impl) => impl.mistakes).map((m) => [m.id, m])).values()];

const composable = longSample(readdirSync(new URL(".", import.meta.url)).filter((dir) => existsSync(new URL(`./${dir}/compose.ts`, import.meta.url))).sort(), 3);

describe("with every mistake switched off", () => {
  it.each(composable)("%s gives the contract's outcome on every witness", async (dir) => {
    const { make } = (await import(`./${dir}/compose.ts`)) as { make: Maker };
    const m = make(new Set());
    const wrong: string[] = [];
    for (const mistake of witnesses) {
      const { result } = await countingUnhandled(async () => mistake.witness.run(m));
      if (JSON.stringify(result) !== JSON.stringify(mistake.witness.expected)) wrong.push(mistake.id);
    }
    expect(wrong).toEqual([]);
  });

  it.each(composable)("%s answers as src/core", async (dir) => {
    const { make, LATITUDE } = (await import(`./${dir}/compose.ts`)) as { make: Maker; LATITUDE?: Latitude[] };
    const found = await differences(make(new Set()), 60, 1, LATITUDE ?? []);
    expect(found.map((d) => d.label)).toEqual([]);
  });
});
