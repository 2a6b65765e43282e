// The plumbing of the held-out implementations is transparent: with every planted mistake
// switched off (make(∅)), each composable implementation answers as src/core on generated
// scenarios (valid and faulty contexts, options, summarizer scripts, aborts). A small fixed
// sample; `npx tsx test/heldout/_check/all-off.mts 2000` runs a larger one.
import { readdirSync, existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Maker } from "./_kit/assemble";
import { differences } from "./_check/differential";

const composable = readdirSync(new URL(".", import.meta.url)).filter((dir) => existsSync(new URL(`./${dir}/compose.ts`, import.meta.url)));

describe("with every mistake switched off", () => {
  it.each(composable)("%s answers as src/core", async (dir) => {
    const { make } = (await import(`./${dir}/compose.ts`)) as { make: Maker };
    const found = await differences(make(new Set()), 30);
    expect(found.map((d) => d.label)).toEqual([]);
  });
});
