import { DEFAULT_RUBRIC } from "../../src/grader/rubric/rubric";
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { grade, type GradeOptions } from "../../src/grader/grade";
import type { StudentJob } from "../../src/grader/class/student-process";
import type { GradeResult } from "../../src/grader/result";
import { standInProperties } from "../grader/stand-in/properties";
import { tempDir } from "../_helpers/temp-dir";

// Shared by the attack tests of issue 24: a quick grade with the real child program and driver
// against the two stand-in properties (3 points: the units of one user message, the groups of an
// empty transcript), fixtures, temporary submissions, and what /proc says about processes.

export const fixture = (name: string): string => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
export const STAND_IN_CLASS_PROPERTIES = fileURLToPath(new URL("../grader/stand-in/class-properties.ts", import.meta.url));
export const UNITS_GOOD = fileURLToPath(new URL("../grader/submissions/units-good", import.meta.url));
export const STUDENT_PROCESS = fileURLToPath(new URL("../../src/grader/class/student-process.ts", import.meta.url));
const TSX_LOADER = import.meta.resolve("tsx");

export const QUICK_LIMITS = { scenarioTimeoutMs: 1000, loadTimeoutMs: 10_000, memoryMb: 128, totalTimeoutMs: 60_000 };

/** Grades `submission` with the stand-in properties (3 points), the real child program and driver. */
export function gradeStandIn(submission: string, options: Partial<GradeOptions> = {}): Promise<GradeResult> {
  return grade({ submission, properties: standInProperties, reference: null, numRuns: 5, reportsDir: null, corpusDir: null, limits: QUICK_LIMITS, ...options });
}

/** Everything a student reads of a grade: messages, observations and warnings, as one text. */
export function reportText(result: GradeResult): string {
  return JSON.stringify({ properties: result.properties, warnings: result.warnings });
}

/** A fresh submission folder with these files (paths relative to it); returns the folder. */
export async function writeSubmission(files: Readonly<Record<string, string>>, parent?: string): Promise<string> {
  const dir = parent ?? (await tempDir("cc-attack-"));
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  return dir;
}

/** The stand-in submission's text, for copies placed next to an attack. */
export const UNITS_GOOD_SOURCE = readFileSync(join(UNITS_GOOD, "index.ts"), "utf8");

/**
 * The grader of one student in a process of its own (grade-class's student process), with the
 * stand-in properties and the real driver: an attack on "the grader" hits that process, not the
 * test's. Its record goes to `recordFile`.
 */
export function spawnGrader(submission: string, recordFile: string, limits: Partial<typeof QUICK_LIMITS> = {}): ChildProcess {
  const job: StudentJob = {
    student: "attacker",
    submission,
    recordFile,
    reportsDir: join(dirname(recordFile), "reports"),
    seed: 7,
    numRuns: 3,
    scoring: "rubric",
    rubric: DEFAULT_RUBRIC,
    limits: { ...QUICK_LIMITS, ...limits },
    corpusDir: null,
    propertiesModule: STAND_IN_CLASS_PROPERTIES,
  };
  return spawn(process.execPath, ["--import", TSX_LOADER, STUDENT_PROCESS, JSON.stringify(job)], { stdio: ["ignore", "pipe", "pipe"] });
}

/** Resolves with the exit code and signal of `child` (already gone: at once). */
export function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The state letter of a process in /proc (R, S, T, Z...), or null when it is gone. */
export function processState(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0] ?? null;
  } catch {
    return null;
  }
}

/** A live (not zombie) process? */
export function isAlive(pid: number): boolean {
  const state = processState(pid);
  return state !== null && state !== "Z" && state !== "X";
}

/** Every process below `pid` (children, grandchildren...), from /proc. */
export function descendantsOf(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const parent = queue.shift()!;
    for (const [child, ppid] of parentOf) {
      if (ppid === parent && !found.includes(child)) {
        found.push(child);
        queue.push(child);
      }
    }
  }
  return found;
}

export function commandLineOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ");
  } catch {
    return "";
  }
}

/** Polls until `condition` holds (hang detection is the test's timeout, never a timed assertion). */
export async function until(condition: () => boolean, everyMs = 50): Promise<void> {
  while (!condition()) await sleep(everyMs);
}

/** SIGKILL (and SIGCONT, for a stopped one) to each pid still there: cleanup after an attack that worked. */
export function killAll(pids: readonly number[]): void {
  for (const pid of pids) {
    for (const signal of ["SIGKILL", "SIGCONT"] as const) {
      try {
        process.kill(pid, signal);
      } catch {
        // gone
      }
    }
  }
}

export const onLinux = process.platform === "linux" && existsSync("/proc/self/stat");

/**
 * The rows of CSV text as a spreadsheet with this separator reads them (RFC 4180, as class.csv
 * writes it: quoted fields may hold separators, quotes doubled and newlines; the rest is split on
 * the separator, which is a semicolon in many locales).
 */
export function csvRows(text: string, separator = ","): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) row.push(cell), (cell = "");
    else if (c === "\n") row.push(cell), rows.push(row), (row = []), (cell = "");
    else cell += c;
  }
  if (cell !== "" || row.length > 0) row.push(cell), rows.push(row);
  return rows;
}
