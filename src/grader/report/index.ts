import { gradescopeReporter } from "./gradescope";
import { htmlReporter } from "./html";
import { jsonReporter } from "./json";
import { junitReporter } from "./junit";
import type { Reporter } from "./reporter";
import { terminalReporter } from "./terminal";

// Reporters by name; the CLI picks them from its flags.

export type ReporterName = "terminal" | "json" | "junit" | "gradescope" | "html";

export const reporters: Readonly<Record<ReporterName, (target?: string) => Reporter>> = {
  terminal: () => terminalReporter(),
  json: (file) => jsonReporter(required(file, "json")),
  junit: (file) => junitReporter(required(file, "junit")),
  gradescope: (file) => gradescopeReporter(required(file, "gradescope")),
  html: (file) => htmlReporter(required(file, "html")),
};

function required(file: string | undefined, name: string): string {
  if (file === undefined) throw new Error(`the ${name} reporter needs a file`);
  return file;
}

export type { Reporter, GradeStart } from "./reporter";
