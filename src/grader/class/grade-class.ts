import { spawn } from "node:child_process";
import { existsSync, openSync, closeSync, readFileSync } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { toolVersion } from "../grade";
import { DEFAULT_LIMITS, probeConfinement, type SandboxLimits } from "../sandbox/plan";
import { DEFAULT_RUBRIC, type Rubric, type ScoringMode } from "../rubric/rubric";
import { killTree } from "./kill-tree";
import { classProgress } from "./progress";
import { writeClassReports, type ClassFiles } from "./class-report";
import type { StudentJob } from "./student-process";
import { sameSettings, type GradeSettingsKey, type StudentRecord } from "./student-record";
import { listStudents, type Student } from "./students";

// `grade-class`: every submission of a folder, `jobs` students at once, each graded by a process
// of its own (student-process.ts) into students/<name>.json. Resumable: a record graded with the
// same seed, runs and version is kept, not regraded. Then the class reports (class-report.ts).

export interface ClassOptions {
  readonly dir: string;
  readonly outDir: string;
  readonly jobs: number;
  readonly seed: number;
  readonly numRuns: number;
  readonly limits?: Partial<SandboxLimits>;
  readonly corpusDir?: string | null;
  /** How each student's points are counted (default: the default rubric). */
  readonly scoring?: ScoringMode;
  readonly rubric?: Rubric;
  /** Where the progress goes (a bar on a TTY, a line per student otherwise); null for none. */
  readonly progress?: NodeJS.WriteStream | null;
  /** Test seams passed to every student's grade (see student-process.ts). */
  readonly propertiesModule?: string;
  readonly driverModule?: string;
  /** Test seam: where every student's imports must stay (default: each student's folder, or the one file). */
  readonly importRoot?: string;
  /** Test seam: the margin over the grade's own time limits before a student's grader is stopped. */
  readonly processMarginMs?: number;
}

export interface ClassResult {
  readonly records: readonly StudentRecord[];
  readonly graded: number;
  readonly skipped: number;
  readonly files: ClassFiles;
  readonly durationMs: number;
}

const STUDENT_PROCESS = fileURLToPath(new URL("./student-process.ts", import.meta.url));
const TSX_LOADER = import.meta.resolve("tsx");
/** On top of the grade's own total time limit, before a student's grader process is stopped. */
const PROCESS_MARGIN_MS = 120_000;

export async function gradeClass(options: ClassOptions): Promise<ClassResult> {
  const started = Date.now();
  const students = listStudents(options.dir);
  const studentsDir = join(options.outDir, "students");
  await mkdir(studentsDir, { recursive: true });
  const rubric = options.rubric ?? DEFAULT_RUBRIC;
  const key = { seed: options.seed, numRuns: options.numRuns, version: toolVersion(), scoring: options.scoring ?? "rubric", rubric: rubric.points };
  const records = new Map<string, StudentRecord>();
  const todo: Student[] = [];
  for (const student of students) {
    const kept = readRecord(recordFile(studentsDir, student));
    if (kept !== null && kept.status === "graded" && sameSettings(kept, key) && kept.submission === student.submission) records.set(student.name, kept);
    else todo.push(student);
  }
  const progress = classProgress(options.progress === undefined ? process.stderr : options.progress, students.length, records.size);
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < todo.length; i = next++) {
      const student = todo[i]!;
      progress.begin(student.name);
      const record = await gradeStudent(student, studentsDir, options, key);
      records.set(student.name, record);
      progress.end(record);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.jobs, todo.length)) }, worker));
  progress.stop();
  const ordered = students.map((s) => records.get(s.name)!);
  const files = await writeClassReports(options.outDir, ordered, key);
  return { records: ordered, graded: todo.length, skipped: students.length - todo.length, files, durationMs: Date.now() - started };
}

function recordFile(studentsDir: string, student: Student): string {
  return join(studentsDir, `${student.name}.json`);
}

function readRecord(file: string): StudentRecord | null {
  try {
    return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as StudentRecord) : null;
  } catch {
    return null;
  }
}

async function gradeStudent(student: Student, studentsDir: string, options: ClassOptions, key: GradeSettingsKey): Promise<StudentRecord> {
  const started = Date.now();
  const file = recordFile(studentsDir, student);
  await rm(file, { force: true });
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const job: StudentJob = {
    student: student.name,
    submission: student.submission,
    recordFile: file,
    // Every student's counterexamples in a folder of its own (replay-file.ts: named after its path).
    reportsDir: join(options.outDir, "reports"),
    seed: options.seed,
    numRuns: options.numRuns,
    scoring: options.scoring ?? "rubric",
    rubric: options.rubric ?? DEFAULT_RUBRIC,
    limits,
    ...(options.corpusDir === undefined ? {} : { corpusDir: options.corpusDir }),
    ...(options.propertiesModule === undefined ? {} : { propertiesModule: options.propertiesModule }),
    ...(options.driverModule === undefined ? {} : { driverModule: options.driverModule }),
    // A student who handed in one file sits in the class folder, next to everyone: it may import nothing else.
    ...(options.importRoot !== undefined ? { importRoot: options.importRoot } : student.isFile ? { importRoot: student.submission } : {}),
  };
  const logFile = join(studentsDir, `${student.name}.log`);
  const log = openSync(logFile, "w");
  const exit = await new Promise<string | null>((resolve) => {
    // Where the system has parent-death signals, the grader dies with grade-class (and its
    // sandboxed children with it), and leads a process group of its own.
    const dies = probeConfinement().pdeathsig;
    const words = [...(dies ? ["setpriv", "--pdeathsig", "KILL"] : []), process.execPath, "--import", TSX_LOADER, STUDENT_PROCESS, JSON.stringify(job)];
    const child = spawn(words[0]!, words.slice(1), { stdio: ["ignore", log, log], detached: dies });
    const limitMs = limits.totalTimeoutMs + limits.loadTimeoutMs + (options.processMarginMs ?? PROCESS_MARGIN_MS);
    // The whole tree: the grader, its sandboxed children, its bundler.
    const timer = setTimeout(() => (child.pid === undefined ? child.kill("SIGKILL") : killTree(child.pid)), limitMs);
    child.on("error", (error) => resolve(`could not start the grader: ${error.message}`));
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      resolve(code === 0 ? null : signal !== null ? `the grader was stopped by ${signal} (over ${Math.round(limitMs / 1000)} s?)` : `the grader exited with code ${code}`);
    });
  });
  closeSync(log);
  const record = readRecord(file);
  if (exit === null && record !== null) return record;
  const tail = readFileSync(logFile, "utf8").trim().split("\n").slice(-3).join(" / ");
  return { student: student.name, submission: student.submission, ...key, status: "error", report: null, error: `${exit ?? "no record written"}${tail ? `: ${tail}` : ""} (log: ${logFile})`, durationMs: Date.now() - started };
}
