import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

// Runs the command line (bin/compaction-check.mjs) from the project root in a child node.

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function cli(...args: string[]): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["bin/compaction-check.mjs", ...args], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
