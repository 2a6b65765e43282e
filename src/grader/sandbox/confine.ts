import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, statSync, type Stats } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, extname, isAbsolute, relative, resolve } from "node:path";
import type { Loader, Plugin, PluginBuild } from "esbuild";

// What the bundler may read of a submission: its own files, found by relative (or absolute)
// paths that stay inside its folder once links are followed, each a regular file of bounded size,
// and the two built-in modules the course's code uses. Everything else is refused with a message
// naming the import, which the grade reports. esbuild itself reads no file: this plugin resolves
// and loads every module (so no package.json or tsconfig.json outside the folder is consulted,
// and a named pipe or /dev/zero is never opened for a blocking or endless read).

/** Built-in modules a submission may import (by `node:` name or bare): pure computation, no I/O. */
export const ALLOWED_BUILTINS: ReadonlySet<string> = new Set(["util", "util/types", "buffer"]);
/** One file of a submission, and all its files together, at most (source of a course project: a few hundred KB). */
export const MAX_FILE_BYTES = 4 * 1024 * 1024;
export const MAX_TOTAL_BYTES = 16 * 1024 * 1024;

const ALLOWED_TEXT = "a submission may import its own files, node:util and node:buffer";
const SOURCE_EXTENSIONS = [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs", ".json"];
/** TypeScript's convention: `./a.js` names `./a.ts` too. */
const TS_FOR_JS: Readonly<Record<string, readonly string[]>> = { ".js": [".ts", ".tsx"], ".jsx": [".tsx"], ".mjs": [".mts"], ".cjs": [".cts"] };
const LOADER_BY_EXTENSION: Readonly<Record<string, Loader>> = {
  ".ts": "ts",
  ".mts": "ts",
  ".cts": "ts",
  ".tsx": "tsx",
  ".js": "js",
  ".mjs": "js",
  ".cjs": "js",
  ".jsx": "jsx",
  ".json": "json",
  ".txt": "text",
};
const LOADER_BY_ATTRIBUTE: Readonly<Record<string, Loader>> = { json: "json", text: "text", bytes: "binary" };

/** The plugin's name, which esbuild puts on the messages of its refusals. */
export const CONFINE_PLUGIN = "confine-to-submission";

class Refusal extends Error {}

/**
 * Confines a build to `root` (a folder, or a single file that may import nothing else). The
 * message of a refusal names the import as written; esbuild adds the file and line.
 */
export function confineTo(root: string): Plugin {
  const rootReal = realpathSync(root);
  const rootIsFile = statSync(rootReal).isFile();
  const inside = (real: string): boolean => {
    if (rootIsFile) return real === rootReal;
    const rel = relative(rootReal, real);
    return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
  };
  let totalBytes = 0;
  return {
    name: CONFINE_PLUGIN,
    setup(build: PluginBuild) {
      build.onResolve({ filter: /.*/ }, (args) => {
        try {
          const builtin = builtinName(args.path);
          if (builtin !== null) {
            if (ALLOWED_BUILTINS.has(builtin)) return { path: `node:${builtin}`, external: true };
            throw new Refusal(`imports ${args.path}, which a submission may not use (${ALLOWED_TEXT})`);
          }
          if (!isPathSpecifier(args.path)) throw new Refusal(`imports ${args.path}, which a submission may not use (${ALLOWED_TEXT})`);
          const found = findFile(isAbsolute(args.path) ? args.path : resolve(args.resolveDir, args.path));
          if (found === null) throw new Refusal(`imports ${args.path}, which is not found in the submission's folder`);
          const real = realpathSync(found);
          if (!inside(real)) throw new Refusal(`imports ${args.path}, outside the submission's folder`);
          if (!statSync(real).isFile()) throw new Refusal(`imports ${args.path}, which is not a regular file`);
          return { path: real, namespace: "file" };
        } catch (error) {
          return { errors: [{ text: refusalText(error, args.path) }] };
        }
      });
      build.onLoad({ filter: /.*/, namespace: "file" }, (args) => {
        try {
          const real = realpathSync(args.path);
          if (!inside(real)) throw new Refusal(`${args.path} is outside the submission's folder`);
          const loader = loaderFor(real, args.with);
          const contents = readBounded(real, MAX_TOTAL_BYTES - totalBytes);
          totalBytes += contents.length;
          return { contents, loader, resolveDir: dirname(real) };
        } catch (error) {
          return { errors: [{ text: refusalText(error, args.path) }] };
        }
      });
    },
  };
}

/** The built-in module a specifier names (`node:fs`, `fs/promises`...), or null. */
function builtinName(specifier: string): string | null {
  const name = specifier.startsWith("node:") ? specifier.slice(5) : specifier;
  if (specifier.startsWith("node:") || builtinModules.includes(name)) return name;
  return null;
}

function isPathSpecifier(specifier: string): boolean {
  return specifier.startsWith("./") || specifier.startsWith("../") || specifier === "." || specifier === ".." || isAbsolute(specifier);
}

/** The first candidate that exists, whatever it is (a directory's index, TypeScript's .js → .ts...). */
function findFile(base: string): string | null {
  const extension = extname(base);
  const candidates = [base, ...SOURCE_EXTENSIONS.map((ext) => base + ext), ...(TS_FOR_JS[extension] ?? []).map((ext) => base.slice(0, -extension.length) + ext), ...SOURCE_EXTENSIONS.map((ext) => resolve(base, `index${ext}`))];
  for (const candidate of candidates) {
    const stat = statOrNull(candidate);
    if (stat !== null && !stat.isDirectory()) return candidate;
  }
  return null;
}

function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

function loaderFor(path: string, attributes: Readonly<Record<string, string>> | undefined): Loader {
  const type = attributes?.type;
  if (type !== undefined) {
    const loader = LOADER_BY_ATTRIBUTE[type];
    if (loader === undefined) throw new Refusal(`imports ${path} with type ${JSON.stringify(type)}, which a submission may not use`);
    return loader;
  }
  const loader = LOADER_BY_EXTENSION[extname(path)];
  if (loader === undefined) throw new Refusal(`${path} is not a source file (.ts, .js, .mjs, .json...)`);
  return loader;
}

/** The bytes of a regular file, refusing anything else or anything larger than the limits. */
function readBounded(path: string, budget: number): Uint8Array {
  // O_NONBLOCK: opening a named pipe swapped in since resolution does not wait for a writer.
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new Refusal(`${path} is not a regular file`);
    if (stat.size > MAX_FILE_BYTES) throw new Refusal(`${path} is larger than ${MAX_FILE_BYTES / 1024 / 1024} MiB, the most a submission's file may have`);
    if (stat.size > budget) throw new Refusal(`the submission's files are larger than ${MAX_TOTAL_BYTES / 1024 / 1024} MiB in all`);
    const buffer = Buffer.alloc(stat.size + 1);
    let length = 0;
    for (let read = -1; read !== 0 && length < buffer.length; length += read) read = readSync(fd, buffer, length, buffer.length - length, null);
    if (length > stat.size) throw new Refusal(`${path} grew while it was read`);
    return buffer.subarray(0, length);
  } finally {
    closeSync(fd);
  }
}

function refusalText(error: unknown, specifier: string): string {
  if (error instanceof Refusal) return error.message;
  return `could not read ${specifier}: ${error instanceof Error ? error.message : String(error)}`;
}
