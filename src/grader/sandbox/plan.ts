import { spawnSync } from "node:child_process";

// How the child is confined. Node's permission model does files, child processes and workers;
// it does not cover the network, so on Linux as root we also enter a fresh network namespace.

export interface SandboxLimits {
  /** Per-scenario timeout handed to the driver; the parent kills the child a grace period later. */
  readonly scenarioTimeoutMs: number;
  /** After this, nothing more is run: remaining scenarios count as crashed. */
  readonly totalTimeoutMs: number;
  /** Time the child has to start and import the submission. */
  readonly loadTimeoutMs: number;
  /** --max-old-space-size of the child. */
  readonly memoryMb: number;
}

export const DEFAULT_LIMITS: SandboxLimits = {
  scenarioTimeoutMs: 2000,
  totalTimeoutMs: 600_000,
  loadTimeoutMs: 10_000,
  memoryMb: 256,
};

export interface SandboxPlan {
  readonly command: string;
  readonly args: readonly string[];
  readonly isolation: readonly string[];
  readonly warnings: readonly string[];
}

let networkProbe: { ok: boolean; why: string } | undefined;

/** Probes once per process whether `unshare -n` can run node here (needs root or user namespaces). */
export function probeNetworkIsolation(): { ok: boolean; why: string } {
  if (networkProbe !== undefined) return networkProbe;
  if (process.platform !== "linux") {
    networkProbe = { ok: false, why: `network namespaces need Linux (this is ${process.platform})` };
    return networkProbe;
  }
  const result = spawnSync("unshare", ["-n", process.execPath, "-e", ""], { stdio: "ignore", timeout: 10_000 });
  networkProbe =
    result.error === undefined && result.status === 0
      ? { ok: true, why: "unshare -n" }
      : { ok: false, why: `unshare -n is not available (${result.error?.message ?? `exit ${result.status}`}); run as root on Linux to cut the network` };
  return networkProbe;
}

/** The command line that starts the child program confined to `readableDir`. */
export function planSandbox(entryFile: string, submissionUrl: string, readableDir: string, limits: SandboxLimits): SandboxPlan {
  const nodeArgs = [
    "--experimental-permission",
    `--allow-fs-read=${readableDir.endsWith("/") ? readableDir : `${readableDir}/`}`,
    "--disable-warning=ExperimentalWarning",
    `--max-old-space-size=${limits.memoryMb}`,
    "--disallow-code-generation-from-strings",
    "--no-deprecation",
    entryFile,
    submissionUrl,
  ];
  const isolation = [
    "child process (the grader's fast-check, properties and verdicts stay in the parent)",
    "Node permission model: reads only the bundle directory; no writes, child processes, workers or addons",
    "eval and new Function disabled",
    `heap capped at ${limits.memoryMb} MB`,
    `${limits.scenarioTimeoutMs} ms per scenario, ${Math.round(limits.totalTimeoutMs / 1000)} s in total`,
  ];
  const network = probeNetworkIsolation();
  if (network.ok) {
    return { command: "unshare", args: ["-n", process.execPath, ...nodeArgs], isolation: [...isolation, "no network (fresh network namespace, unshare -n)"], warnings: [] };
  }
  return { command: process.execPath, args: nodeArgs, isolation, warnings: [`network not isolated: ${network.why}`] };
}
