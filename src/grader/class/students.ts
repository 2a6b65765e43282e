import { readdirSync, statSync } from "node:fs";
import { basename, extname, join, resolve } from "node:path";
import { GraderError } from "../errors";

// A class folder: one sub-folder or one source file per student, named after the student.

export interface Student {
  readonly name: string;
  readonly submission: string;
  /** Handed in as one source file (in the class folder, next to the others), not a folder. */
  readonly isFile: boolean;
}

const SOURCE = new Set([".ts", ".mts", ".js", ".mjs"]);

export function listStudents(dir: string): Student[] {
  const root = resolve(dir);
  let names: string[];
  try {
    if (!statSync(root).isDirectory()) throw new Error("not a directory");
    names = readdirSync(root);
  } catch {
    throw new GraderError("CLASS_NOT_FOUND", `No class folder at ${root}. Pass a folder with one sub-folder or source file (.ts, .mts, .js, .mjs) per student.`);
  }
  const students: Student[] = [];
  const seen = new Map<string, string>();
  for (const entry of names.sort()) {
    // Hidden entries, node_modules and _-prefixed folders (shared code, like the tamper fixtures' _shared) are no students.
    if (entry.startsWith(".") || entry.startsWith("_") || entry === "node_modules") continue;
    const path = join(root, entry);
    const isDir = statSync(path).isDirectory();
    if (!isDir && !SOURCE.has(extname(entry))) continue;
    const name = isDir ? entry : basename(entry, extname(entry));
    const other = seen.get(name);
    if (other !== undefined) throw new GraderError("CLASS_DUPLICATE_STUDENT", `Two submissions for student "${name}": ${other} and ${path}. Keep one per student.`);
    seen.set(name, path);
    students.push({ name, submission: path, isFile: !isDir });
  }
  if (students.length === 0) throw new GraderError("CLASS_EMPTY", `${root} holds no submission (a sub-folder or a .ts/.mts/.js/.mjs file per student).`);
  return students;
}
