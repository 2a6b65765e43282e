import { Command, CommanderError, InvalidArgumentError } from "commander";
import { BUILTIN_ADAPTERS } from "./adapters/registry";
import { runCommand } from "./grader/commands/boundary";
import { DEFAULT_AUDIT_RUNS, DEFAULT_FUZZ_TIME, DEFAULT_RUNS, DEFAULT_SEED } from "./grader/defaults";
import { DEFAULT_MIN_GENERATION_RATE } from "./grader/fuzz/health";
import { DEFAULT_LIMITS } from "./grader/sandbox/plan";
import { toolVersion } from "./package/version";

// The command line, wired in one place. Each command loads its code lazily and runs inside one
// error boundary (commands/boundary.ts): exit 0/1 is the command's verdict, 2 a usage or internal error.

function integer(name: string, min: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isSafeInteger(n) || n < min) throw new InvalidArgumentError(`${name} must be an integer >= ${min}, got ${JSON.stringify(value)}.`);
    return n;
  };
}

/** An option's help with its default, for the options whose default the command computes itself. */
const dflt = (help: string, value: string | number) => `${help} (default: ${value})`;

/** The options every grading command shares: seed, runs, the sandbox's limits and how points are counted. */
function gradingOptions(command: Command, scope: string): Command {
  return command
    .option("--scoring <mode>", dflt("rubric (points per acceptance criterion, each mistake charged once, docs/grading.md#rubric) or properties (every property its weight)", "rubric"))
    .option("--rubric <file>", dflt("a rubric JSON file: points per acceptance criterion", "the default rubric, 200 points"))
    .option("--seed <n>", dflt("fast-check seed (printed in every report)", DEFAULT_SEED), integer("--seed", 0))
    .option("--runs <n>", dflt("generated cases per property", DEFAULT_RUNS), integer("--runs", 1))
    .option("--timeout <ms>", dflt("per-scenario timeout in milliseconds", DEFAULT_LIMITS.scenarioTimeoutMs), integer("--timeout", 10))
    .option("--total-timeout <s>", dflt(`time limit for ${scope} in seconds`, DEFAULT_LIMITS.totalTimeoutMs / 1000), integer("--total-timeout", 1))
    .option("--memory <mb>", dflt("heap cap of the sandboxed child in MB", DEFAULT_LIMITS.memoryMb), integer("--memory", 32));
}

const program = new Command("compaction-check")
  .description("Property-based verification harness for LLM-context compaction at safe boundaries")
  .version(toolVersion(), "-V, --version", "print the version")
  .exitOverride()
  .configureOutput({ outputError: (text, write) => write(`compaction-check: ${text}`) });

gradingOptions(
  program
    .command("grade")
    .description("grade an untrusted submission of the contract in a sandboxed child process")
    .argument("<submission>", "a .ts/.mts/.js/.mjs file, or a directory with index.* or src/index.*"),
  "the whole grade",
)
  .option("--jobs <n>", "sandboxed children grading properties at once (default: CPU cores; the report is the same for any n)", integer("--jobs", 1))
  .option("--only <ids>", dflt("grade only these properties: comma-separated ids or families (e.g. units,boundary)", "all"))
  .option("--json <file>", dflt("write the JSON report", "none"))
  .option("--junit <file>", dflt("write a JUnit XML report", "none"))
  .option("--gradescope <file>", dflt("write a Gradescope results.json", "none"))
  .option("--html <file>", dflt("write a self-contained HTML report (root causes drawn as timelines)", "none"))
  .option("--reports <dir>", "where counterexample scenario files go (in <dir>/<submission folder>/counterexamples)", "reports")
  .option("--corpus <dir>", dflt("regression corpus replayed before the random cases", "corpus"))
  .option("--no-corpus", "do not replay the regression corpus")
  .action(async (submission: string, options: Record<string, unknown>) => {
    await runCommand("grade", async () => (await import("./grader/commands/grade-command")).gradeCommand(submission, options));
  });

gradingOptions(
  program
    .command("grade-class")
    .description("grade every submission of a class folder (one sub-folder or file per student), --jobs at once; resumable; writes class.csv, class.json, summary.md")
    .argument("<dir>", "the class folder: one sub-folder or .ts/.mts/.js/.mjs file per student, named after the student"),
  "each student's grade",
)
  .option("--out <dir>", "where the class reports and each student's record go (a rerun keeps students graded with the same settings)", "class-report")
  .option("--jobs <n>", "students graded at once, each in its own grader process and sandbox (default: CPU cores)", integer("--jobs", 1))
  .option("--corpus <dir>", dflt("regression corpus replayed before the random cases", "corpus"))
  .option("--no-corpus", "do not replay the regression corpus")
  .action(async (dir: string, options: Record<string, unknown>) => {
    await runCommand("grade-class", async () => (await import("./grader/commands/grade-class-command")).gradeClassCommand(dir, options));
  });

gradingOptions(
  program
    .command("gradescope")
    .description("write a Gradescope autograder (setup.sh, run_autograder, this project pinned) into a folder; zip its contents and upload")
    .argument("<dir>", "the folder to write (created; must be empty or absent)"),
  "each submission's grade",
)
  .option("--jobs <n>", dflt("sandboxed children per grade on Gradescope's machine", 2), integer("--jobs", 1))
  .option("--only <ids>", dflt("grade only these properties: comma-separated ids or families", "all"))
  .action(async (dir: string, options: Record<string, unknown>) => {
    await runCommand("gradescope", async () => (await import("./grader/commands/gradescope-command")).gradescopeCommand(dir, options));
  });

program
  .command("replay")
  .description("re-run one counterexample scenario file and show observation vs expected")
  .argument("<scenario>", "a scenario file written by grade (reports/<submission>/counterexamples/*.json)")
  .argument("[submission]", "the submission to run it on (default: the one recorded in the file)")
  .option("--timeout <ms>", dflt("per-scenario timeout in milliseconds", DEFAULT_LIMITS.scenarioTimeoutMs), integer("--timeout", 10))
  .option("--force", dflt("replay a file recorded for another submission (neither its path nor its code) anyway", "refuse it"))
  .action(async (scenario: string, submission: string | undefined, options: Record<string, unknown>) => {
    await runCommand("replay", async () => (await import("./grader/commands/replay-command")).replayCommand(scenario, submission, options));
  });

program
  .command("fuzz")
  .description("fuzz every property for a time or run budget, corpus first; save new failures to the corpus (docs/fuzzing.md)")
  .argument("[submission]", "a submission, run sandboxed like grade (default: our own src/core, in-process)")
  .option("--time <duration>", dflt("time budget shared by all properties, e.g. 90s, 10m, 2h", `${DEFAULT_FUZZ_TIME} unless --runs`))
  .option("--runs <n>", dflt("generated cases per property instead of a time budget", "none"), integer("--runs", 1))
  .option("--seed <n>", dflt("campaign seed (chunk seeds are derived from it)", DEFAULT_SEED), integer("--seed", 0))
  .option("--shard <i/n>", dflt("run shard i of n (each shard explores different cases)", "1/1"))
  .option("--only <ids>", dflt("only these properties: comma-separated ids or families (e.g. units,compaction.request-exact)", "all"))
  .option("--corpus <dir>", "regression corpus: replayed first, new failures saved here", "corpus")
  .option("--no-corpus", "neither replay nor save a corpus")
  .option("--timeout <ms>", dflt("per-scenario timeout of a sandboxed submission", DEFAULT_LIMITS.scenarioTimeoutMs), integer("--timeout", 10))
  .option("--memory <mb>", dflt("heap cap of the sandboxed child in MB", DEFAULT_LIMITS.memoryMb), integer("--memory", 32))
  .option("--min-gen-rate <n>", dflt("health check: slowest acceptable generator, scenarios per second", DEFAULT_MIN_GENERATION_RATE), integer("--min-gen-rate", 1))
  .option("--json <file>", dflt("write the campaign report (JSON, mergeable)", "none"))
  .option("--junit <file>", dflt("write a JUnit XML report", "none"))
  .action(async (submission: string | undefined, options: Record<string, unknown>) => {
    await runCommand("fuzz", async () => (await import("./grader/commands/fuzz-command")).fuzzCommand(submission, options));
  });

program
  .command("merge")
  .description("merge the JSON reports of fuzz shards into one report")
  .argument("<reports...>", "JSON reports written by fuzz --json")
  .option("--json <file>", dflt("write the merged JSON report", "none"))
  .option("--junit <file>", dflt("write the merged JUnit XML report", "none"))
  .action(async (files: string[], options: Record<string, unknown>) => {
    await runCommand("merge", async () => (await import("./grader/commands/merge-command")).mergeCommand(files, options));
  });

program
  .command("audit")
  .description("run the universal compaction properties against a library's compactor through an adapter (docs/adapters.md)")
  .argument("<adapter>", `a built-in adapter (${BUILTIN_ADAPTERS.map((a) => a.name).join(", ")}; its library installed next to compaction-check) or an adapter module file (.ts, .mts, .js, .mjs)`)
  .option("--time <duration>", dflt("time budget for the whole audit, e.g. 20s, 5m", "none: --runs cases per property"))
  .option("--runs <n>", dflt("generated cases per property and scope", DEFAULT_AUDIT_RUNS), integer("--runs", 1))
  .option("--seed <n>", dflt("fast-check seed (printed with every finding)", DEFAULT_SEED), integer("--seed", 0))
  .option("--only <ids>", dflt("only these properties, comma-separated (e.g. pairing.result-has-call)", "all that apply"))
  .option("--scope <scope>", dflt("shapes (the documented shapes) or all", "shapes, then all"))
  .option("--path <path>", dflt("replay one shrunk case (with --seed, --only and --scope, as printed)", "none"))
  .option("--json <file>", dflt("write the audit report as JSON", "none"))
  .action(async (adapter: string, options: Record<string, unknown>) => {
    await runCommand("audit", async () => (await import("./grader/commands/audit-command")).auditCommand(adapter, options));
  });

try {
  await program.parseAsync(process.argv);
} catch (error) {
  // Commander already printed what was wrong; help and version are not errors.
  if (error instanceof CommanderError) process.exitCode = error.exitCode === 0 ? 0 : 2;
  else throw error;
}
