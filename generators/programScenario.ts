import fc from "fast-check";
import type { RequirementData } from "../src/scenario/data";
import type { ProgramReuse, ProgramStep } from "../src/scenario/program";
import type { Scenario } from "../src/scenario/scenario";
import { programClasses } from "./_internals/programClasses";
import { programCommand, recordSteps, type ProgramProfile } from "./_internals/programCommands";
import { content } from "./_internals/programParts";

export type { ProgramProfile };

export type ProgramScenarioConstraints = {
  /** Upper bound of commands per program (default 40; skipped commands yield no step). */
  maxCommands?: number;
  /** Which mixes of commands (default both, "mixed" twice as often). */
  profiles?: readonly ProgramProfile[];
  /**
   * Follow every compact step with this many more (fresh ids, same budget rule), so a context
   * that compaction derived is compacted again before anything is appended (default 0).
   */
  repeatCompactions?: number;
  /** What every compact step shares (ProgramReuse; default nothing). */
  reuse?: ProgramReuse;
};

const requirements: fc.Arbitrary<RequirementData[]> = fc
  .array(fc.tuple(fc.constantFrom("keep tests green", "answer in English", "cite files", "be brief"), content), { maxLength: 3 })
  .map((items) => items.map(([head, tail], i) => ({ id: `req${i + 1}`, content: `${head}${tail}` })));

/**
 * Compaction programs (operation "program") generated model-based with fc.commands: appends
 * of user messages and whole tool rounds, calls opened and closed later, and compactions with
 * good, failing and cancelled summarizers. Labels: the classes the model's run reaches
 * (./_internals/programClasses). Shrinking removes commands; ids are reassigned each time.
 */
export function programScenario(constraints: ProgramScenarioConstraints = {}): fc.Arbitrary<Scenario> {
  const maxCommands = constraints.maxCommands ?? 40;
  const profiles = constraints.profiles ?? ["mixed", "mixed", "steady"];
  const commands = fc.oneof(...profiles.map((profile) => fc.commands([programCommand(profile)], { maxCommands, size: "max" })));
  const repeat = constraints.repeatCompactions ?? 0;
  return fc.tuple(requirements, commands).map(([reqs, cmds]) => {
    const operation = { kind: "program" as const, requirements: reqs, steps: repeated(recordSteps(cmds), repeat), ...(constraints.reuse === undefined ? {} : { reuse: constraints.reuse }) };
    return { operation, labels: programClasses(operation) };
  });
}

/** Each compact step followed by `repeat` copies of itself, with ids of their own. */
function repeated(steps: readonly ProgramStep[], repeat: number): ProgramStep[] {
  if (repeat === 0) return [...steps];
  return steps.flatMap((step): ProgramStep[] =>
    step.kind !== "compact" ? [step] : [step, ...Array.from({ length: repeat }, (_, k) => ({ ...step, summaryId: `${step.summaryId}.${k + 1}`, recordId: `${step.recordId}.${k + 1}` }))],
  );
}
