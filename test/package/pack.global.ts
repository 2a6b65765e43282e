import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { run } from "./run";

// Packs this project once for every package test (`npm pack`, which builds it through prepack):
// each test installs the same tarball, as a user would, into its own empty directory.

export interface Packed {
  readonly dir: string;
  readonly tarball: string;
  readonly filename: string;
  readonly size: number;
  readonly unpackedSize: number;
  readonly files: readonly { readonly path: string; readonly size: number }[];
}

declare module "vitest" {
  export interface ProvidedContext {
    packed: Packed;
  }
}

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), "compaction-check-pack-"));
  const pack = await run("npm", ["pack", "--pack-destination", dir, "--json"], { cwd: ROOT });
  if (pack.code !== 0) throw new Error(`npm pack failed:\n${pack.stderr}`);
  const [packed] = JSON.parse(pack.stdout.slice(pack.stdout.indexOf("["))) as Omit<Packed, "dir" | "tarball">[];
  project.provide("packed", { ...packed!, dir, tarball: join(dir, packed!.filename) });
  return () => rm(dir, { recursive: true, force: true });
}
