import fc from "fast-check";
import type { ContextData, Json, MessageData, Scenario } from "../../src/scenario";
import type { CompactRegime } from "../../generators";
import { boundaryScenario, buildScenario, compactScenario, contextData, groupsScenario, toolArguments, transcript, unitsScenario } from "../../generators";

// The scenario arbitraries the properties run on. Most come straight from generators/;
// the few here only reshape valid generated data (map, never filter) to aim a property at
// the mistake it catches: astral text, permuted keys, plain inputs with defaults left out.

export type Regime = CompactRegime | "any";

export const unitsScenarios = (): fc.Arbitrary<Scenario> => unitsScenario();
export const buildScenarios = (): fc.Arbitrary<Scenario> => buildScenario();
export const groupsScenarios = (): fc.Arbitrary<Scenario> => groupsScenario();
export const boundaryScenarios = (): fc.Arbitrary<Scenario> => boundaryScenario();
export const compactScenarios = (regime: Regime): fc.Arbitrary<Scenario> => compactScenario({ regime });

/** groupToolRounds over a transcript valid by construction. */
export const validGroupsScenarios = (): fc.Arbitrary<Scenario> =>
  transcript().map((messages) => ({ operation: { kind: "groups", transcript: messages as unknown as Json }, labels: ["valid"] }));

/** Units of a context, plain or prebuilt as asked (or either). */
export const contextUnitsScenarios = (prebuilt?: boolean): fc.Arbitrary<Scenario> =>
  fc.tuple(contextData(), prebuilt === undefined ? fc.boolean() : fc.constant(prebuilt)).map(([context, isPrebuilt]) => unitsOf(context, isPrebuilt));

/** Every text of the context gains astral characters, so UTF-16 length and code points differ. */
export const astralUnitsScenarios = (): fc.Arbitrary<Scenario> =>
  fc.tuple(contextData(), fc.constantFrom("😀", "𝒳𝒴", "🎉a", "\u{1F600}\u{1F601}\u{1F602}"), fc.boolean()).map(([context, astral, prebuilt]) =>
    unitsOf(withAstralText(context, astral), prebuilt),
  );

/** Two tool calls whose arguments hold the same keys, the second in reverse order at every level. */
export const permutedKeyUnitsScenarios = (): fc.Arbitrary<Scenario> =>
  fc.tuple(toolArguments(), fc.boolean()).map(([args, prebuilt]) => {
    const reversed = reverseKeys(args as Json) as { [key: string]: Json };
    const messages: MessageData[] = [
      { id: "a1", role: "assistant", content: [{ type: "toolCall", id: "c1", name: "lookup", arguments: args as { [key: string]: Json } }] },
      { id: "t1", role: "toolResult", toolCallId: "c1", toolName: "lookup", content: "ok", isError: false },
      { id: "a2", role: "assistant", content: [{ type: "toolCall", id: "c2", name: "lookup", arguments: reversed }] },
      { id: "t2", role: "toolResult", toolCallId: "c2", toolName: "lookup", content: "ok", isError: false },
    ];
    return unitsOf({ messages }, prebuilt);
  });

/** Plain inputs with optional fields left out (missing = [], null, [], []) and extra properties (dropped by a build). */
export const plainInputUnitsScenarios = (): fc.Arbitrary<Scenario> =>
  fc.tuple(contextData(), fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean()).map(([context, dropRequirements, dropSummary, dropCompactions, extra]) => {
    const plain: ContextData = extra ? withExtraProperties(context) : { ...context };
    if (dropRequirements) delete plain.requirements;
    if (dropSummary) delete plain.summary;
    if (dropCompactions) delete plain.compactions;
    return unitsOf(plain, false);
  });

function unitsOf(context: ContextData, prebuilt: boolean): Scenario {
  return { operation: { kind: "units", input: context as unknown as Json, prebuilt }, labels: [prebuilt ? "prebuilt" : "plain"] };
}

function withExtraProperties(context: ContextData): ContextData {
  const messages = (context.messages ?? []).map((message) => ({ ...message, note: "not part of the contract" }));
  return { ...context, messages, extra: { ignored: true } } as ContextData;
}

function withAstralText(context: ContextData, astral: string): ContextData {
  const messages = (context.messages ?? []).map((message): MessageData => {
    if (message.role === "user" || message.role === "toolResult") return { ...message, content: message.content + astral };
    return { ...message, content: message.content.map((block) => (block.type === "text" ? { ...block, text: astral + block.text } : block)) };
  });
  const requirements = (context.requirements ?? []).map((requirement) => ({ ...requirement, content: requirement.content + astral }));
  const summary = context.summary ? { ...context.summary, content: context.summary.content + astral } : context.summary;
  return { ...context, requirements, summary, messages };
}

function reverseKeys(value: Json): Json {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (value === null || typeof value !== "object") return value;
  const out: { [key: string]: Json } = {};
  for (const key of Object.keys(value).reverse()) out[key] = reverseKeys(value[key] as Json);
  return out;
}

/** Boundary scenarios whose options are valid, so the value properties judge a value. */
export const validBoundaryScenarios = (): fc.Arbitrary<Scenario> => boundaryScenario({ cases: ["found", "null"] });

/** The same scenarios with the context argument prebuilt (passed through buildActiveContext first). */
export const prebuiltOnly = (arbitrary: fc.Arbitrary<Scenario>): fc.Arbitrary<Scenario> => arbitrary.map((scenario) => withPrebuilt(scenario, true));

/** The same scenarios with the context argument passed as a plain object. */
export const plainOnly = (arbitrary: fc.Arbitrary<Scenario>): fc.Arbitrary<Scenario> => arbitrary.map((scenario) => withPrebuilt(scenario, false));

function withPrebuilt(scenario: Scenario, prebuilt: boolean): Scenario {
  const operation = scenario.operation;
  if (operation.kind !== "compact" && operation.kind !== "boundary" && operation.kind !== "units") return scenario;
  return { ...scenario, operation: { ...operation, prebuilt }, labels: [...(scenario.labels ?? []), prebuilt ? "prebuilt" : "plain"] };
}
