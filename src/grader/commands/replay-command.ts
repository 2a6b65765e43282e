import { replayScenario } from "../replay";
import { readScenarioFile } from "../replay-file";
import { GraderError } from "../errors";
import { printable } from "../report/escape";
import { outcomeLines } from "../report/format";
import { renderScenario } from "../report/notation";

/** `compaction-check replay`: exit 0 when the scenario passes now, 1 when it still fails. */
export async function replayCommand(scenarioPath: string, submission: string | undefined, options: Record<string, unknown>): Promise<number> {
  const file = await readScenarioFile(scenarioPath);
  const target = submission ?? file.submission;
  if (target === undefined) throw new GraderError("USAGE", `${scenarioPath} does not name its submission. Pass it: compaction-check replay ${scenarioPath} <submission>.`);
  const result = await replayScenario(file, target, typeof options.timeout === "number" ? { scenarioTimeoutMs: options.timeout } : {}, { force: options.force === true });
  // The observation is the submission's: every line printable. JSON text has no newline inside
  // its strings, so the indented dumps are split on theirs, which are ours.
  const block = (text: string) => {
    for (const line of text.split("\n")) process.stdout.write(`${printable(line)}\n`);
  };
  const line = (text: string) => process.stdout.write(`${printable(text)}\n`);
  line(`property: ${file.propertyId}`);
  line(`submission: ${target}`);
  for (const note of result.notes) line(`note: ${note}`);
  line("counterexample:");
  for (const rendered of renderScenario(file.scenario)) line(`  ${rendered}`);
  for (const outcome of outcomeLines({ counterexample: file.scenario, observation: result.observation, expected: result.expected })) line(outcome);
  line("");
  line(`scenario: ${JSON.stringify(file.scenario)}`);
  block(`observation: ${JSON.stringify(result.observation, null, 2)}`);
  block(`expected: ${JSON.stringify(result.expected, null, 2)}`);
  if (result.reference !== null) line(`reference: ${JSON.stringify(result.reference.outcome)}`);
  line(result.verdict.ok ? "verdict: passes" : `verdict: fails — ${result.verdict.message}`);
  return result.verdict.ok ? 0 : 1;
}
