// The held-out set's ground truth holds: every listed mistake shows on its witness (the
// implementation's outcome differs from the contract's), every witness is honest (src/core gives
// the contract's outcome), and where an implementation can be assembled with a subset of its
// mistakes, each witness shows its own mistake alone and is untouched by the others.
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { reference, type Impl } from "./_kit/impl";
import type { Maker } from "./_kit/assemble";
import { HELDOUT, type Witness } from "./manifest";
import { countingUnhandled } from "./_witness/observe";

/**
 * A witness's outcome on `m`. Some implementations leave unhandled rejections behind (one of
 * their mistakes), also on other witnesses: they are counted away from vitest's listeners, which
 * would otherwise fail the run; a witness that looks at them counts them itself.
 */
const outcome = async (witness: Witness, m: Impl) => (await countingUnhandled(async () => witness.run(m))).result;

const submission = (id: string): Promise<Impl> => import(`./${id}/index.ts`);
const composer = (id: string): Promise<{ make: Maker }> => import(`./${id}/compose.ts`);

describe.each(HELDOUT.map((impl) => [impl.id, impl] as const))("%s", (id, impl) => {
  it.each(impl.mistakes.map((m) => [m.id, m] as const))("%s: the witness is honest (src/core gives the contract's outcome)", async (_, mistake) => {
    expect(await outcome(mistake.witness, reference)).toEqual(mistake.witness.expected);
  });

  it.each(impl.mistakes.map((m) => [m.id, m] as const))("%s: the witness shows the mistake", async (_, mistake) => {
    expect(await outcome(mistake.witness, await submission(id))).not.toEqual(mistake.witness.expected);
  });

  if (!impl.composable) return;

  it("assembles exactly the listed mistakes", async () => {
    const { make } = await composer(id);
    expect([...make.ids].sort()).toEqual(impl.mistakes.map((m) => m.id).sort());
  });

  it.each(impl.mistakes.map((m) => [m.id, m] as const))("%s: shows alone, and is untouched by the other mistakes", async (_, mistake) => {
    const { make } = await composer(id);
    const others = new Set(impl.mistakes.map((m) => m.id).filter((other) => other !== mistake.id));
    expect(await outcome(mistake.witness, make(new Set([mistake.id])))).not.toEqual(mistake.witness.expected);
    expect(await outcome(mistake.witness, make(others))).toEqual(mistake.witness.expected);
  });
});

it("every implementation folder is in the manifest, once", () => {
  const folders = readdirSync(new URL(".", import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith("_") && entry.name !== "truth")
    .map((entry) => entry.name)
    .sort();
  expect(HELDOUT.map((impl) => impl.id).sort()).toEqual(folders);
});
