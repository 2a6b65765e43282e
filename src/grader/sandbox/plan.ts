import { spawnSync } from "node:child_process";

// How the child is confined. Node's permission model does files, child processes and workers;
// the child program removes the rest of Node's capabilities before the submission loads
// (child/harden.ts). Around the process, where the system allows it (Linux; root for the last
// two): it dies with the grader (setpriv --pdeathsig), it gets a PID namespace of its own in which
// it is process 1 and sees nothing else (unshare --pid --fork --mount-proc), a fresh network
// namespace (unshare --net), an unprivileged user (setpriv --reuid 65534), and a cap on all the
// memory it maps, not only V8's heap, with no core dump (prlimit --data, --core). Each is probed
// once per grader process; what is missing is said in the report's warnings.

export interface SandboxLimits {
  /** Per-scenario timeout handed to the driver; the parent kills the child a grace period later. */
  readonly scenarioTimeoutMs: number;
  /** After this, nothing more is run: remaining scenarios count as crashed. Bundling counts. */
  readonly totalTimeoutMs: number;
  /** Time the bundler has for the submission, and the child to start and import it. */
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

/** The unprivileged user and group the child runs as when the grader runs as root ("nobody"). */
export const SANDBOX_UID = 65534;

export interface SandboxPlan {
  readonly command: string;
  readonly args: readonly string[];
  readonly isolation: readonly string[];
  readonly warnings: readonly string[];
  /** Started as the leader of a process group of its own, which is killed as a whole. */
  readonly ownGroup: boolean;
  /** The node process is a child of the started one (unshare --fork): its CPU time is looked up there. */
  readonly forks: boolean;
  /** The uid and gid the child runs as, which must be able to read the sandbox directory; null: the grader's. */
  readonly runAs: { readonly uid: number; readonly gid: number } | null;
  /** The child's whole environment. */
  readonly env: Readonly<Record<string, string>>;
}

/**
 * Threads in libuv's pool in the child (UV_THREADPOOL_SIZE; Node's default is 4). crypto.subtle
 * and the compression streams run there, off the main thread and past the end of a call: eight
 * PBKDF2 derivations started at import kept four threads running besides the main one for the
 * whole grade (red-team pass, docs/security.md), the cores of every other student graded at the
 * same time. With one, a child keeps at most two cores busy.
 */
export const CHILD_THREADPOOL_SIZE = 1;

interface Layer {
  /** Words before `node`. */
  readonly prefix: readonly string[];
  readonly isolation: readonly string[];
}

interface Confinement {
  readonly layers: readonly Layer[];
  readonly warnings: readonly string[];
  readonly pdeathsig: boolean;
  readonly forks: boolean;
  readonly runAs: SandboxPlan["runAs"];
  /** prlimit works here: the child's mapped memory is capped (dataLimitBytes). */
  readonly dataLimit: boolean;
}

const PDEATHSIG: Layer = { prefix: ["setpriv", "--pdeathsig", "KILL"], isolation: ["dies with the grader (parent-death signal), and is killed with its whole process group when the grade ends"] };
const NAMESPACES: readonly { readonly layer: Layer; readonly forks: boolean }[] = [
  {
    layer: {
      prefix: ["unshare", "--pid", "--fork", "--kill-child", "--mount-proc", "--net"],
      isolation: ["own PID namespace (unshare --pid): the child is process 1 and sees or signals no other process", "no network (fresh network namespace, unshare --net)"],
    },
    forks: true,
  },
  { layer: { prefix: ["unshare", "--net"], isolation: ["no network (fresh network namespace, unshare --net)"] }, forks: false },
];
const DROP_USER: Layer = {
  prefix: ["setpriv", `--reuid=${SANDBOX_UID}`, `--regid=${SANDBOX_UID}`, "--clear-groups", "--pdeathsig", "KILL"],
  isolation: [`runs as uid ${SANDBOX_UID} (nobody) without groups, not as the grader's root`],
};

/**
 * The most memory the child may map (RLIMIT_DATA, bytes). --max-old-space-size caps V8's heap
 * only: array buffers, typed arrays and WebAssembly memories live outside it, and a submission
 * with a 256 MB heap filled a gigabyte of them (red-team pass, docs/security.md), as many as the
 * machine has, for every student graded at once. Room for the heap twice over (young generation,
 * code, the UTF-8 copy of a reply of up to 48 MiB of text) and 512 MiB for Node itself (its
 * threads' stacks, ICU). An allocation past it fails in the submission (RangeError: Array buffer
 * allocation failed) or ends the child as out of memory.
 */
export function dataLimitBytes(memoryMb: number): number {
  return (2 * memoryMb + 512) * 2 ** 20;
}

function dataLimitLayer(memoryMb: number): Layer {
  const bytes = dataLimitBytes(memoryMb);
  return {
    // Bytes, as a number: util-linux 2.38's prlimit misreads "1G" (and what it starts then crashes).
    prefix: ["prlimit", `--data=${bytes}:${bytes}`, "--core=0:0", "--"],
    isolation: [`maps at most ${bytes / 2 ** 20} MiB of memory in all, array buffers and WebAssembly included (prlimit --data), and leaves no core dump`],
  };
}

let probed: Confinement | undefined;

/** Does `node -e ""` run under these layers here? */
function runs(layers: readonly Layer[]): { ok: boolean; why: string } {
  const words = [...layers.flatMap((l) => l.prefix), process.execPath, "-e", ""];
  const result = spawnSync(words[0]!, words.slice(1), { stdio: "ignore", timeout: 10_000 });
  return result.error === undefined && result.status === 0 ? { ok: true, why: "" } : { ok: false, why: result.error?.message ?? `exit ${result.status}` };
}

/** Probes once per process which layers work here, best first, and what is missing. */
export function probeConfinement(): Confinement {
  if (probed !== undefined) return probed;
  if (process.platform !== "linux") {
    probed = {
      layers: [],
      warnings: [`processes and network not isolated: namespaces and parent-death signals need Linux (this is ${process.platform})`],
      pdeathsig: false,
      forks: false,
      runAs: null,
      dataLimit: false,
    };
    return probed;
  }
  const warnings: string[] = [];
  const layers: Layer[] = [];
  const pdeathsig = runs([PDEATHSIG]).ok;
  if (pdeathsig) layers.push(PDEATHSIG);
  else warnings.push("the child may outlive a grader that is killed: setpriv (util-linux) is not available");
  let forks = false;
  const namespaces = NAMESPACES.find((candidate) => runs([...layers, candidate.layer]).ok);
  if (namespaces !== undefined) {
    layers.push(namespaces.layer);
    forks = namespaces.forks;
  }
  if (namespaces?.forks !== true) warnings.push("processes not isolated: unshare --pid is not available (run as root on Linux to give the child a PID namespace)");
  if (namespaces === undefined) warnings.push("network not isolated: unshare --net is not available (run as root on Linux to cut the network)");
  let runAs: SandboxPlan["runAs"] = null;
  if (process.getuid?.() === 0) {
    const dropped = runs([...layers, DROP_USER]);
    if (dropped.ok) {
      layers.push(DROP_USER);
      runAs = { uid: SANDBOX_UID, gid: SANDBOX_UID };
    } else warnings.push(`the child runs as root: setpriv --reuid=${SANDBOX_UID} failed (${dropped.why}; is node readable by nobody?)`);
  }
  const dataLimit = runs([...layers, dataLimitLayer(DEFAULT_LIMITS.memoryMb)]).ok;
  if (!dataLimit) warnings.push("memory outside the heap not capped: prlimit (util-linux) is not available, so array buffers can take the machine's memory");
  probed = { layers, warnings, pdeathsig, forks, runAs, dataLimit };
  return probed;
}

/** Whether the network is cut (tests of the network need it). */
export function probeNetworkIsolation(): { ok: boolean; why: string } {
  const ok = probeConfinement().layers.some((layer) => layer.prefix.includes("--net"));
  return { ok, why: ok ? "unshare --net" : "unshare --net is not available" };
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
  const confinement = probeConfinement();
  const layers = confinement.dataLimit ? [...confinement.layers, dataLimitLayer(limits.memoryMb)] : confinement.layers;
  const isolation = [
    "child process (the grader's fast-check, properties and verdicts stay in the parent)",
    "Node permission model: reads only the bundle directory; no writes, child processes, workers or addons",
    "no Node capability beyond its own modules, node:util and node:buffer (imports refused at bundle time; process, fetch, stdio streams and dynamic import() replaced or removed before it loads)",
    "eval and new Function disabled",
    `heap capped at ${limits.memoryMb} MB`,
    `${CHILD_THREADPOOL_SIZE} thread in Node's pool (crypto.subtle, compression): at most two cores busy`,
    `${limits.scenarioTimeoutMs} ms per scenario, ${Math.round(limits.totalTimeoutMs / 1000)} s in total (bundling included)`,
    ...layers.flatMap((layer) => layer.isolation),
  ];
  const words = [...layers.flatMap((layer) => layer.prefix), process.execPath, ...nodeArgs];
  const env = { PATH: process.env.PATH ?? "", UV_THREADPOOL_SIZE: String(CHILD_THREADPOOL_SIZE) };
  return { command: words[0]!, args: words.slice(1), isolation, warnings: confinement.warnings, ownGroup: confinement.pdeathsig, forks: confinement.forks, runAs: confinement.runAs, env };
}
