import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Json } from "../scenario/data";
import type { PropertyDefinition } from "../scenario/property";
import type { Scenario } from "../scenario/scenario";
import { GraderError } from "./errors";

// The regression corpus: every failure a campaign ever found, stored as the shrunk scenario
// itself (not only a seed), so it stays a test after generators change. One JSON file per
// failure, `<property-id>--<content hash>.json`; the hash makes saving idempotent.

export interface CorpusEntry {
  readonly propertyId: string;
  readonly scenario: Scenario;
  readonly seed?: number;
  readonly path?: string;
  readonly tool?: string;
  readonly toolVersion?: string;
  readonly fastCheckVersion?: string;
  /** ISO date of the campaign that found it. */
  readonly foundAt?: string;
  /** What it was found against: a submission path, or "src/core". */
  readonly subject?: string;
}

export interface CorpusFile {
  /** Path of the file it was read from. */
  readonly file: string;
  readonly hash: string;
  readonly entry: CorpusEntry;
}

export const DEFAULT_CORPUS_DIR = "corpus";

/** Code units of the content hash in file names: 64 bits, collisions are not a practical concern. */
const HASH_LENGTH = 16;

/**
 * The identity of a failure: sha256 of the canonical JSON (sorted keys) of the property id, the
 * operation and the decorations. Labels are left out: they describe the generator's intent and
 * never change a verdict, so the same case found twice with other labels is one file.
 */
export function corpusHash(propertyId: string, scenario: Scenario): string {
  const identity = { propertyId, operation: scenario.operation, decorations: scenario.decorations ?? [] };
  return createHash("sha256").update(canonicalJson(identity as unknown as Json)).digest("hex").slice(0, HASH_LENGTH);
}

export function corpusFileName(propertyId: string, hash: string): string {
  return `${propertyId.replace(/[^A-Za-z0-9._-]/g, "_")}--${hash}.json`;
}

/** JSON with object keys sorted at every level, so equal data gives equal text. */
export function canonicalJson(value: Json): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value).filter((key) => value[key] !== undefined).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key] as Json)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** Every corpus file of `dir` (sorted by name); a missing directory is an empty corpus. */
export async function loadCorpus(dir: string): Promise<CorpusFile[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith(".json")).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw new GraderError("SCENARIO_FILE_INVALID", `Cannot read the corpus directory ${dir}: ${(error as Error).message}.`);
  }
  const files: CorpusFile[] = [];
  for (const name of names) {
    const file = join(dir, name);
    const entry = parseCorpusEntry(await readFile(file, "utf8"), file);
    files.push({ file, hash: corpusHash(entry.propertyId, entry.scenario), entry });
  }
  return files;
}

/** Validates one corpus file's text; any problem is a GraderError naming the file. */
export function parseCorpusEntry(text: string, file: string): CorpusEntry {
  const invalid = (why: string) =>
    new GraderError("SCENARIO_FILE_INVALID", `Corpus file ${file} is invalid: ${why}. Expected { propertyId, scenario: { operation: { kind, ... } }, seed?, path?, ... }; fix or delete it.`);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw invalid(`not JSON (${(error as Error).message})`);
  }
  if (!isRecord(data)) throw invalid("not an object");
  if (typeof data.propertyId !== "string" || data.propertyId.length === 0) throw invalid("propertyId is not a non-empty string");
  const scenario = data.scenario;
  if (!isRecord(scenario)) throw invalid("scenario is not an object");
  if (!isRecord(scenario.operation) || typeof scenario.operation.kind !== "string") throw invalid("scenario.operation is not an object with a string kind");
  if (scenario.decorations !== undefined && !Array.isArray(scenario.decorations)) throw invalid("scenario.decorations is not an array");
  if (scenario.labels !== undefined && !(Array.isArray(scenario.labels) && scenario.labels.every((l) => typeof l === "string"))) throw invalid("scenario.labels is not an array of strings");
  if (data.seed !== undefined && !Number.isSafeInteger(data.seed)) throw invalid("seed is not an integer");
  for (const key of ["path", "tool", "toolVersion", "fastCheckVersion", "foundAt", "subject"] as const) {
    if (data[key] !== undefined && typeof data[key] !== "string") throw invalid(`${key} is not a string`);
  }
  return data as unknown as CorpusEntry;
}

/** Checks every file names a property of this version: a renamed property must not silently drop its corpus. */
export function checkCorpusProperties(files: readonly CorpusFile[], properties: readonly PropertyDefinition[]): void {
  const known = new Set(properties.map((p) => p.id));
  for (const { file, entry } of files) {
    if (!known.has(entry.propertyId)) {
      throw new GraderError("UNKNOWN_PROPERTY", `Corpus file ${file} is for property ${JSON.stringify(entry.propertyId)}, which this version does not have. Rename its propertyId to the property's new id, or delete the file.`);
    }
  }
}

/** The corpus scenarios of one property, in file order: the `examples` of its run. */
export function corpusExamples(files: readonly CorpusFile[], propertyId: string): Scenario[] {
  return files.filter((f) => f.entry.propertyId === propertyId).map((f) => f.entry.scenario);
}

/**
 * Writes `entry` unless a file with the same content hash exists (whatever its name). Returns
 * the file and whether it is new. The scenario must survive JSON unchanged (no -0, no
 * undefined in arrays), otherwise the stored case would not be the case that failed.
 */
export async function saveCorpusEntry(dir: string, entry: CorpusEntry, existing: readonly CorpusFile[] = []): Promise<{ readonly file: string; readonly created: boolean; readonly hash: string }> {
  const hash = corpusHash(entry.propertyId, entry.scenario);
  const known = existing.find((f) => f.hash === hash);
  if (known !== undefined) return { file: known.file, created: false, hash };
  const text = `${JSON.stringify(entry, null, 2)}\n`;
  const roundTrip = parseCorpusEntry(text, "(about to be written)");
  if (!sameData(entry.scenario, roundTrip.scenario)) {
    throw new GraderError("SCENARIO_FILE_INVALID", `The counterexample of ${entry.propertyId} does not survive JSON (it holds -0, undefined or another non-JSON value), so it cannot be stored in the corpus.`);
  }
  await mkdir(dir, { recursive: true });
  const file = join(dir, corpusFileName(entry.propertyId, hash));
  try {
    await writeFile(file, text, { flag: "wx" });
    return { file, created: true, hash };
  } catch (error) {
    // Another shard wrote the same failure first: same name means same content.
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return { file, created: false, hash };
    throw error;
  }
}

/** Structural equality where -0 differs from 0 (an object field holding undefined counts as missing, as in JSON). */
function sameData(a: unknown, b: unknown): boolean {
  if (typeof a !== "object" || a === null || typeof b !== "object" || b === null) return Object.is(a, b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const defined = (o: object) => (Array.isArray(o) ? Object.keys(o) : Object.keys(o).filter((k) => (o as Record<string, unknown>)[k] !== undefined));
  const keysA = defined(a);
  const keysB = defined(b);
  if (Array.isArray(a) && a.length !== (b as unknown[]).length) return false;
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => Object.hasOwn(b, key) && sameData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * For `grade`: the corpus of `dir` (validated against `properties`) as a lookup of each
 * property's examples, replayed before its random cases. `null` is no corpus.
 */
export async function corpusExamplesLookup(dir: string | null, properties: readonly PropertyDefinition[]): Promise<(propertyId: string) => Scenario[]> {
  const files = dir === null ? [] : await loadCorpus(dir);
  checkCorpusProperties(files, properties);
  return (propertyId) => corpusExamples(files, propertyId);
}
