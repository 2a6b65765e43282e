import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";

// Temporary folders that a test file's helpers create while its tests run (a submission written
// for an attack, a fixture bundled for the command line): each test file imports this module
// once (vitest isolates modules per file), so the one hook below removes that file's folders
// when it ends, and /tmp does not fill up run after run.

const made = new Set<string>();

afterAll(async () => {
  await Promise.all([...made].map((dir) => rm(dir, { recursive: true, force: true })));
  made.clear();
});

/** A fresh folder `<tmp>/<prefix>XXXXXX`, removed when the importing test file ends. */
export async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  made.add(dir);
  return dir;
}
