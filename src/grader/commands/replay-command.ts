import { replayScenario } from "../replay";
import { readScenarioFile } from "../replay-file";
import { GraderError } from "../errors";
import { expectedText, outcomeText, renderScenario } from "../report/notation";

/** `compaction-check replay`: exit 0 when the scenario passes now, 1 when it still fails. */
export async function replayCommand(scenarioPath: string, submission: string | undefined, options: Record<string, unknown>): Promise<number> {
  const file = await readScenarioFile(scenarioPath);
  const target = submission ?? file.submission;
  if (target === undefined) throw new GraderError("USAGE", `${scenarioPath} does not name its submission. Pass it: compaction-check replay ${scenarioPath} <submission>.`);
  const result = await replayScenario(file, target, typeof options.timeout === "number" ? { scenarioTimeoutMs: options.timeout } : {}, { force: options.force === true });
  const out = (line: string) => process.stdout.write(`${line}\n`);
  out(`property: ${file.propertyId}`);
  out(`submission: ${target}`);
  for (const note of result.notes) out(`note: ${note}`);
  out("counterexample:");
  for (const line of renderScenario(file.scenario)) out(`  ${line}`);
  out(`observed: ${outcomeText(result.observation.outcome)}`);
  out(`expected: ${expectedText(result.expected)}`);
  out("");
  out(`scenario: ${JSON.stringify(file.scenario)}`);
  out(`observation: ${JSON.stringify(result.observation, null, 2)}`);
  out(`expected: ${JSON.stringify(result.expected, null, 2)}`);
  if (result.reference !== null) out(`reference: ${JSON.stringify(result.reference.outcome)}`);
  out(result.verdict.ok ? "verdict: passes" : `verdict: fails — ${result.verdict.message}`);
  return result.verdict.ok ? 0 : 1;
}
