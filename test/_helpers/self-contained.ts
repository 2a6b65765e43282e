import { basename, join } from "node:path";
import { bundleModule } from "../../src/grader/sandbox/bundle";
import { tempDir } from "./temp-dir";

// A submission is confined to its own folder; the broken fixtures re-export src/core from above
// theirs. For the command line (which never widens that folder), such a fixture is bundled first,
// here, by the project itself (trusted), into one self-contained file in a fresh folder.

/** The fixture at `entry` as one file `<tmp>/<name>/index.mjs`; returns that folder. */
export async function selfContained(entry: string): Promise<string> {
  const dir = join(await tempDir("cc-self-contained-"), basename(entry).replace(/\.[mc]?[jt]s$/, ""));
  const bundled = await bundleModule(entry, join(dir, "index.mjs"));
  if (!bundled.ok) throw new Error(`could not bundle ${entry}: ${bundled.message}`);
  return dir;
}
