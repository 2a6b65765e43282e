import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import type { Scenario } from "../scenario/scenario";
import { BIN_FILE as BIN } from "../package/layout";
import { GraderError } from "./errors";
import { submissionFolder, type SubmissionIdentity } from "./submission-identity";

// A counterexample on disk: enough to re-run one scenario against a submission, anywhere. Each
// submission's files are kept apart, in <reports>/<submission folder>/counterexamples/, and say
// which submission they were found on, so that `replay` can refuse another one.

export interface ScenarioFile {
  readonly propertyId: string;
  readonly scenario: Scenario;
  readonly seed?: number;
  readonly path?: string;
  /** The submission it was found on, as given to grade (the replay command's default). */
  readonly submission?: string;
  /** What identifies that submission (absent in files written by hand, or before identities were recorded). */
  readonly submissionId?: SubmissionIdentity;
}

/** Where a submission's counterexamples go: <reports>/<submission folder>/counterexamples. */
export function counterexamplesDir(reportsDir: string, submission: string): string {
  return join(reportsDir, submissionFolder(submission), "counterexamples");
}

export async function writeScenarioFile(reportsDir: string, file: ScenarioFile & { readonly submission: string }): Promise<string> {
  const path = join(counterexamplesDir(reportsDir, file.submission), `${file.propertyId.replace(/[^A-Za-z0-9._-]/g, "_")}.json`);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${JSON.stringify(file, null, 2)}\n`);
  return path;
}

export function replayCommand(scenarioPath: string, submission: string): string {
  const cwd = process.cwd();
  return `node ${quote(relative(cwd, BIN))} replay ${quote(relative(cwd, scenarioPath))} ${quote(relative(cwd, submission) || ".")}`;
}

function quote(arg: string): string {
  return /^[\w./@:-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, "'\\''")}'`;
}

export async function readScenarioFile(path: string): Promise<ScenarioFile> {
  let text: string;
  try {
    text = await readFile(resolve(path), "utf8");
  } catch {
    throw new GraderError("SCENARIO_FILE_INVALID", `Cannot read ${path}. Pass a scenario file written by \`grade\` (reports/<submission>/counterexamples/*.json).`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new GraderError("SCENARIO_FILE_INVALID", `${path} is not JSON (${(error as Error).message}). Pass a scenario file written by \`grade\`.`);
  }
  const file = data as Partial<ScenarioFile> | null;
  if (file === null || typeof file !== "object" || typeof file.propertyId !== "string" || typeof file.scenario !== "object" || file.scenario === null || typeof (file.scenario as { operation?: unknown }).operation !== "object") {
    throw new GraderError("SCENARIO_FILE_INVALID", `${path} is not a scenario file: expected { propertyId, scenario: { operation, ... }, seed?, path?, submission?, submissionId? }.`);
  }
  const id = file.submissionId as Partial<SubmissionIdentity> | undefined | null;
  if (id !== undefined && (id === null || typeof id !== "object" || typeof id.path !== "string" || !(id.sha256 === null || typeof id.sha256 === "string"))) {
    throw new GraderError("SCENARIO_FILE_INVALID", `${path} has a submissionId that is not { path, sha256 }: remove it to replay the scenario on any submission.`);
  }
  return file as ScenarioFile;
}
