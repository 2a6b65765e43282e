import { readdirSync, readFileSync } from "node:fs";

// A student's grader and everything below it (its sandboxed children under setpriv and unshare,
// esbuild's service), killed at once when grade-class stops it: none is left running.

/** SIGKILL to `pid`, its process group (it leads one when started detached) and every process below it. */
export function killTree(pid: number): void {
  const below = descendantsOf(pid);
  for (const target of [pid, ...below]) signal(target);
  signal(-pid);
}

function signal(pid: number): void {
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // gone already
  }
}

/** Every process below `pid`, from /proc (Linux); none elsewhere, where the process group and the parent-death signal are what is left. */
export function descendantsOf(pid: number): number[] {
  if (process.platform !== "linux") return [];
  const childrenOf = new Map<number, number[]>();
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return [];
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  for (let queue = [pid]; queue.length > 0; ) {
    const next = queue.shift()!;
    for (const child of childrenOf.get(next) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}
