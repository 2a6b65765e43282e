import { isGraderError } from "../errors";

// One error boundary per command: an expected error (GraderError) becomes a banner with its code
// and advice and exit code 2; anything else is a bug, printed with its stack, also exit 2.

export async function runCommand(name: string, body: () => Promise<number>): Promise<void> {
  try {
    process.exitCode = await body();
  } catch (error) {
    if (isGraderError(error)) {
      process.stderr.write(`\ncompaction-check ${name}: ${error.message} [${error.code}]\n`);
    } else {
      process.stderr.write(`\ncompaction-check ${name}: internal error, please report it:\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    }
    process.exitCode = 2;
  }
}
