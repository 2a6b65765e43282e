import { replaceEvery } from "../mutants/patch";
import type { Variant } from "./catalogue";
import { compactOutcome, exported, outcome, thrownMessage, user } from "./witness";

// Variants that differ only where the contract fixes nothing: the text of error messages,
// extra call forms of the Message IR helpers, which rule is reported when several break, how
// the error class holds its fields, and whether a copy keeps -0 (issue 27 review).

const REPLACED = "the operation failed (a replaced message)";

export const freeVariants: readonly Variant[] = [
  {
    id: "helpers-object-only",
    row: "free: extra helper call forms",
    description: "The Message IR helpers take only the one object argument; the positional extras are gone",
    patches: [
      {
        file: "messages.ts",
        find: "  const fields = typeof id === \"string\" ? { id, content } : fieldsOf(id, USER_FIELDS);",
        replace: "  const fields = fieldsOf(id, USER_FIELDS);",
      },
      {
        file: "messages.ts",
        find: "  const fields = typeof id === \"string\" ? { id, content } : fieldsOf(id, ASSISTANT_FIELDS);",
        replace: "  const fields = fieldsOf(id, ASSISTANT_FIELDS);",
      },
      {
        file: "messages.ts",
        find: "  const fields = typeof id === \"string\" ? { id, toolCallId, toolName, content, isError } : fieldsOf(id, RESULT_FIELDS);",
        replace: "  const fields = fieldsOf(id, RESULT_FIELDS);",
      },
    ],
    witness: {
      run: async (subject) =>
        [
          await outcome(() => exported(subject, "userMessage")("u", "hi")),
          await outcome(() => exported(subject, "assistantMessage")("a", [])),
          await outcome(() => exported(subject, "toolResultMessage")("r", "c", "n", "")),
          await outcome(() => exported(subject, "toolResultMessage")({ id: "r", toolCallId: "c", toolName: "n", content: "" })),
        ]
          .map((o) => o.replace(/^threw TypeError.*/, "TypeError"))
          .join("; "),
      core: "returned a value; returned a value; returned a value; returned a value",
      variant: "TypeError; TypeError; TypeError; returned a value",
    },
  },
  {
    id: "messages-replaced",
    row: "free: error messages",
    description: "Every error message (ContextCompactionError, the helpers' TypeError, transcript issues) is one fixed text",
    patches: [
      { file: "errors.ts", find: "    super(message);\n", replace: `    super(${JSON.stringify(REPLACED)});\n` },
      {
        file: "messages.ts",
        describe: "every `new TypeError(...)` constructed with the fixed text instead",
        transform: (text) => replaceEvery(text, "new TypeError(", `new TypeError(${JSON.stringify(REPLACED)}) || (`),
      },
      {
        file: "messages.ts",
        describe: "every transcript issue carries the fixed text",
        transform: (text) => replaceEvery(text, "freeze({ code, messageIndex, message })", `freeze({ code, messageIndex, message: ${JSON.stringify(REPLACED)} })`, 1),
      },
    ],
    witness: {
      run: async (subject) => {
        const texts = [
          await thrownMessage(() => exported(subject, "buildActiveContext")({ messages: 1 })),
          await thrownMessage(() => exported(subject, "userMessage")({ id: "", content: "" })),
          String((exported(subject, "validateTranscript")([{ id: "t", role: "toolResult", toolCallId: "c", toolName: "n", content: "" }]) as { message: string }[])[0]?.message),
        ];
        return texts.map((t) => (t === REPLACED ? "replaced" : "original")).join(", ");
      },
      core: "original, original, original",
      variant: "replaced, replaced, replaced",
    },
  },
  {
    id: "summary-blank-before-ceiling",
    row: "free: check order among broken rules",
    description: "Checks that the summary has non-whitespace text before checking its 65,536 code-point ceiling",
    patches: [
      {
        file: "compaction.ts",
        find: "  const textUnits = codePoints(text);\n",
        replace: "  if (!isNonEmpty(text)) fail(SUMMARY_INSUFFICIENT, \"the summary is only whitespace\");\n  const textUnits = codePoints(text);\n",
      },
    ],
    witness: {
      run: (subject) => compactOutcome(subject, { summarizer: () => " ".repeat(65_537) }),
      core: "threw CONTEXT_LIMIT_EXCEEDED",
      variant: "threw CONTEXT_SUMMARY_INSUFFICIENT",
    },
  },
  {
    id: "error-fields-as-getters",
    row: "free: ContextCompactionError's `code` and `name` as getters",
    description: "ContextCompactionError keeps its code in a private field behind `get code()`, and `name` is a getter of the class",
    patches: [
      {
        file: "errors.ts",
        find: "  override readonly name = \"ContextCompactionError\";\n  readonly code: ContextCompactionErrorCode;\n",
        replace:
          "  readonly #code: ContextCompactionErrorCode;\n\n  override get name(): string {\n    return \"ContextCompactionError\";\n  }\n\n  get code(): ContextCompactionErrorCode {\n    return this.#code;\n  }\n",
      },
      { file: "errors.ts", find: "    this.code = code;\n", replace: "    this.#code = code;\n" },
    ],
    witness: {
      run: async (subject) => {
        try {
          exported(subject, "buildActiveContext")(0);
          return "(no throw)";
        } catch (error) {
          const kind = (key: string) => (Object.getOwnPropertyDescriptor(error, key) !== undefined ? "own data" : "a getter");
          return `${String((error as { code?: unknown }).code)}: code ${kind("code")}, name ${kind("name")}`;
        }
      },
      core: "CONTEXT_INVALID_INPUT: code own data, name own data",
      variant: "CONTEXT_INVALID_INPUT: code a getter, name a getter",
    },
  },
  {
    id: "arguments-negative-zero-as-json",
    row: "free: -0 in copied tool arguments (a JSON copy makes it 0)",
    description: "Copies numbers in tool arguments as JSON does, so -0 becomes 0 (units are the same: J(-0) = J(0))",
    patches: [{ file: "arguments.ts", find: "      units.value += numberUnits(value);\n      return value;", replace: "      units.value += numberUnits(value);\n      return value === 0 ? 0 : value;" }],
    witness: {
      run: async (subject) => {
        const call = { type: "toolCall", id: "c", name: "n", arguments: { n: -0 } };
        const messages = [{ id: "a", role: "assistant", content: [call] }, { id: "r", role: "toolResult", toolCallId: "c", toolName: "n", content: "", isError: false }];
        const built = exported(subject, "buildActiveContext")({ messages }) as { messages: { content: { arguments: { n: number } }[] }[] };
        return `copied as ${Object.is(built.messages[0]!.content[0]!.arguments.n, -0) ? "-0" : "0"}`;
      },
      core: "copied as -0",
      variant: "copied as 0",
    },
  },
  {
    id: "request-prefix-unfrozen",
    row: "free: `frozen` one level deep (the summarizer's request, the groups)",
    description: "Freezes the summarizer's request object but hands it the compacted prefix as a fresh, mutable array",
    patches: [{ file: "compaction.ts", find: "    messages: freeze(sliceOf(info.messages, 0, boundary)),\n", replace: "    messages: sliceOf(info.messages, 0, boundary),\n" }],
    witness: {
      run: async (subject) => {
        let seen = "not called";
        await compactOutcome(subject, {
          summarizer: (request: { messages: unknown }) => {
            seen = `request ${Object.isFrozen(request) ? "frozen" : "mutable"}, its messages ${Object.isFrozen(request.messages) ? "frozen" : "mutable"}`;
            return "summary";
          },
        });
        return seen;
      },
      core: "request frozen, its messages frozen",
      variant: "request frozen, its messages mutable",
    },
  },
  {
    id: "groups-message-lists-unfrozen",
    row: "free: `frozen` one level deep (the summarizer's request, the groups)",
    description: "Freezes the group list and every group, but a group's messages list is a fresh, mutable array",
    patches: [{ file: "groups.ts", find: "      messages: freeze(sliceOf(messages, start, endIndex)),", replace: "      messages: sliceOf(messages, start, endIndex)," }],
    witness: {
      run: async (subject) => {
        const groups = exported(subject, "groupToolRounds")([user("u1", "a"), user("u2", "b")]) as { messages: unknown }[];
        return `list ${Object.isFrozen(groups) ? "frozen" : "mutable"}, group ${Object.isFrozen(groups[0]) ? "frozen" : "mutable"}, its messages ${Object.isFrozen(groups[0]!.messages) ? "frozen" : "mutable"}`;
      },
      core: "list frozen, group frozen, its messages frozen",
      variant: "list frozen, group frozen, its messages mutable",
    },
  },
];
