import type { SandboxLimits } from "../sandbox/plan";

/** --timeout, --total-timeout and --memory as sandbox limits (absent options keep the defaults). */
export function limitsFromOptions(options: Record<string, unknown>): Partial<SandboxLimits> {
  return {
    ...(typeof options.timeout === "number" ? { scenarioTimeoutMs: options.timeout } : {}),
    ...(typeof options.totalTimeout === "number" ? { totalTimeoutMs: options.totalTimeout * 1000 } : {}),
    ...(typeof options.memory === "number" ? { memoryMb: options.memory } : {}),
  };
}
