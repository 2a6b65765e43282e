import fc from "fast-check";
import type { PropertyDefinition } from "../../../src/scenario/property";
import type { Scenario } from "../../../src/scenario/scenario";

// Stand-in properties for the grader's own tests: "units" counts code points of a user message,
// "groups" expects a returned array. Small, but each one can fail and each calls one export.

function userMessageUnits(id: string, content: string): number {
  return 4 + [...id].length + [...content].length;
}

const unitsScenario: fc.Arbitrary<Scenario> = fc
  .record({ id: fc.string({ minLength: 1, maxLength: 4 }), content: fc.string({ maxLength: 6, unit: "grapheme" }) })
  .map(({ id, content }) => ({ operation: { kind: "units", prebuilt: false, input: { messages: [{ id, role: "user", content }] } } }));

const groupsScenario: fc.Arbitrary<Scenario> = fc.constant({ operation: { kind: "groups", transcript: [] } });

export const standInProperties: readonly PropertyDefinition[] = [
  {
    id: "standin.units-count-code-points",
    family: "standin",
    title: "units of one user message count code points",
    weight: 2,
    catches: "UTF-16 counting",
    specRef: "contract §4",
    arbitrary: unitsScenario,
    check: ({ scenario, observation }) => {
      const message = ((scenario.operation as unknown as { input: { messages: { id: string; content: string }[] } }).input.messages[0])!;
      const expected = userMessageUnits(message.id, message.content);
      const outcome = observation.outcome;
      return outcome.kind === "returned" && outcome.value === expected ? { ok: true } : { ok: false, message: `expected ${expected}, observed ${JSON.stringify(outcome)}` };
    },
  },
  {
    id: "standin.groups-of-empty-transcript",
    family: "standin",
    title: "an empty transcript has no groups",
    weight: 1,
    catches: "a missing groupToolRounds",
    specRef: "contract §5",
    arbitrary: groupsScenario,
    check: ({ observation }) => {
      const outcome = observation.outcome;
      return outcome.kind === "returned" && Array.isArray(outcome.value) && outcome.value.length === 0 ? { ok: true } : { ok: false, message: `expected [], observed ${JSON.stringify(outcome)}` };
    },
  },
];
