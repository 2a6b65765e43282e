import { spawn } from "node:child_process";

// Child processes of the package test: a clean environment (no variables of the vitest or npm
// run around it), output captured, and the wall time of each step for the report.

export interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly seconds: number;
}

const INHERITED = /^(VITEST|NODE_ENV$|FC_|npm_(?!config_(cache|registry|userconfig)$))/;

export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!INHERITED.test(key)) env[key] = value;
  return { ...env, ...extra };
}

export function run(command: string, args: readonly string[], options: { cwd: string; env?: Record<string, string> }): Promise<Run> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: cleanEnv(options.env), stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr, seconds: (Date.now() - started) / 1000 }));
  });
}
