// The held-out set's ground truth holds: every listed mistake shows on its witness (the
// implementation's outcome differs from the contract's), every witness is honest (src/core gives
// the contract's outcome), and where an implementation can be assembled with a subset of its
// mistakes, each witness shows its own mistake alone and is untouched by the others.
import { describe, expect, it } from "vitest";
import { reference, type Impl } from "./_kit/impl";
import type { Maker } from "./_kit/assemble";
import { HELDOUT } from "./manifest";

const modules = import.meta.glob<Impl>("./*/index.ts");
const composers = import.meta.glob<{ make: Maker }>("./*/compose.ts");

describe.each(HELDOUT.map((impl) => [impl.id, impl] as const))("%s", (id, impl) => {
  it.each(impl.mistakes.map((m) => [m.id, m] as const))("%s: the witness is honest (src/core gives the contract's outcome)", async (_, mistake) => {
    expect(await mistake.witness.run(reference)).toEqual(mistake.witness.expected);
  });

  it.each(impl.mistakes.map((m) => [m.id, m] as const))("%s: the witness shows the mistake", async (_, mistake) => {
    const module = await modules[`./${id}/index.ts`]();
    expect(await mistake.witness.run(module)).not.toEqual(mistake.witness.expected);
  });

  if (!impl.composable) return;

  it("assembles exactly the listed mistakes", async () => {
    const { make } = await composers[`./${id}/compose.ts`]();
    expect([...make.ids].sort()).toEqual(impl.mistakes.map((m) => m.id).sort());
  });

  it.each(impl.mistakes.map((m) => [m.id, m] as const))("%s: shows alone, and is untouched by the other mistakes", async (_, mistake) => {
    const { make } = await composers[`./${id}/compose.ts`]();
    const others = new Set(impl.mistakes.map((m) => m.id).filter((other) => other !== mistake.id));
    expect(await mistake.witness.run(make(new Set([mistake.id])))).not.toEqual(mistake.witness.expected);
    expect(await mistake.witness.run(make(others))).toEqual(mistake.witness.expected);
  });
});

it("every implementation folder is in the manifest, once", () => {
  const folders = Object.keys(modules).map((path) => path.split("/")[1]).sort();
  expect(HELDOUT.map((impl) => impl.id).sort()).toEqual(folders);
});
