import type { Variant } from "./catalogue";
import { exported, outcome } from "./witness";

// Variants in how buildActiveContext reads its input (contract §3, §8): the order in which
// broken rules are found, an overflowing array with a bad slot, the units ceiling (of a context,
// and whether groupToolRounds applies it), the `messages` field itself, channels present as
// undefined, and Proxy arrays whose traps disagree.

type Subject = Record<string, unknown>;

const SLOT_ROW =
  "any overflow (items, a string's length, the string total, depth) reached inside the items of an array that also has a bad slot (hole, accessor, throwing trap) anywhere, e.g. a getter at `compactions[16]` after records whose ids cross 1,000,000 code points" as const;

const build = (subject: Subject, input: unknown): Promise<string> =>
  outcome(
    () => exported(subject, "buildActiveContext")(input),
    () => "a context",
  );

const users = (n: number, content = "hi") => Array.from({ length: n }, (_, i) => ({ id: `m${i}`, role: "user", content }));

/** One tool round whose call's arguments hold `value` under key "a". */
function roundWithArgument(value: unknown): unknown[] {
  return [
    { id: "a1", role: "assistant", content: [{ type: "toolCall", id: "c1", name: "tool", arguments: { a: value } }] },
    { id: "r1", role: "toolResult", toolCallId: "c1", toolName: "tool", content: "", isError: false },
  ];
}

export const inputVariants: readonly Variant[] = [
  {
    id: "input-no-count-precheck",
    row: "several rules broken in one input or options object",
    description: "Checks each channel's count when it reads that channel, so an earlier channel's broken rule is reported first",
    patches: [{ file: "snapshot.ts", find: "  precheckCounts(record);\n", replace: "" }],
    witness: {
      run: (subject) => build(subject, { requirements: [{ id: "", content: "x" }], messages: users(4097) }),
      core: "threw CONTEXT_LIMIT_EXCEEDED",
      variant: "threw CONTEXT_INVALID_INPUT",
    },
  },
  {
    id: "requirement-content-before-id",
    row: "several rules broken in one input or options object",
    description: "Reads a requirement's content before its id, so a blank id beside an over-long content is CONTEXT_LIMIT_EXCEEDED",
    patches: [
      {
        file: "snapshot.ts",
        find: "    const id = stringField(item, \"id\", true, budget, SHAPE, what);\n    units += REQUIREMENT_BASE + budget.last;\n    const content = stringField(item, \"content\", true, budget, SHAPE, what);\n    units += budget.last;\n",
        replace: "    const content = stringField(item, \"content\", true, budget, SHAPE, what);\n    units += budget.last;\n    const id = stringField(item, \"id\", true, budget, SHAPE, what);\n    units += REQUIREMENT_BASE + budget.last;\n",
      },
    ],
    witness: {
      run: (subject) => build(subject, { requirements: [{ id: " ", content: "x".repeat(65_537) }] }),
      core: "threw CONTEXT_INVALID_INPUT",
      variant: "threw CONTEXT_LIMIT_EXCEEDED",
    },
  },
  {
    id: "arguments-cycle-found-by-depth",
    row: "several rules broken in one input or options object",
    description: "Does not look for cycles in tool arguments: the depth limit stops them, so a cycle is CONTEXT_LIMIT_EXCEEDED (it is too deep too)",
    patches: [{ file: "arguments.ts", find: "  if (ancestors.has(value)) fault(ISSUE, \"arguments contain a cycle\");\n", replace: "" }],
    witness: {
      run: (subject) => {
        const args: Record<string, unknown> = { a: 1 };
        args.self = args;
        return build(subject, { messages: roundWithArgument(args) });
      },
      core: "threw CONTEXT_INVALID_TRANSCRIPT",
      variant: "threw CONTEXT_LIMIT_EXCEEDED",
    },
  },
  {
    id: "input-compactions-before-messages",
    row: "several rules broken in one input or options object",
    description: "Reads the compactions channel before the messages channel",
    patches: [
      {
        file: "snapshot.ts",
        find: `  const table = inChannel("CONTEXT_INVALID_TRANSCRIPT", () => readTranscript(messages === ABSENT ? EMPTY : messages, budget));
  const compactions = inChannel("CONTEXT_INVALID_INPUT", () => readRecords(record, budget));`,
        replace: `  const compactions = inChannel("CONTEXT_INVALID_INPUT", () => readRecords(record, budget));
  const table = inChannel("CONTEXT_INVALID_TRANSCRIPT", () => readTranscript(messages === ABSENT ? EMPTY : messages, budget));`,
      },
    ],
    witness: {
      run: (subject) => build(subject, { messages: "not an array", compactions: "not an array" }),
      core: "threw CONTEXT_INVALID_TRANSCRIPT",
      variant: "threw CONTEXT_INVALID_INPUT",
    },
  },
  {
    id: "item-count-before-slots",
    row: SLOT_ROW,
    description: "Adds an array's length to the item count before looking at its slots, so an overflowing array is LIMIT_EXCEEDED whatever its slots",
    patches: [
      {
        file: "read.ts",
        find: "    if (this.limited) checkSlots(array, length, issue, what);\n    this.addItems(length);\n",
        replace: "    this.addItems(length);\n    if (this.limited) checkSlots(array, length, issue, what);\n",
      },
    ],
    witness: {
      run: (subject) => {
        const holey: unknown[] = new Array(16_385).fill(0);
        delete holey[7];
        return build(subject, { messages: roundWithArgument(holey) });
      },
      core: "threw CONTEXT_INVALID_TRANSCRIPT",
      variant: "threw CONTEXT_LIMIT_EXCEEDED",
    },
  },
  {
    id: "slots-read-with-items",
    row: SLOT_ROW,
    description: "Checks each slot of an array only as it reads that item, so an overflow inside an earlier item wins over a bad slot after it",
    patches: [
      {
        file: "read.ts",
        find: "    if (this.limited) checkSlots(array, length, issue, what);\n",
        replace: "    void array, issue, what, checkSlots;\n",
      },
    ],
    witness: {
      // A bad slot after an item that overflows a limit, in each kind of array (§3 "Slots first").
      run: async (subject) => {
        const big = "x".repeat(65_537);
        const holeAt = <T,>(items: T[], length: number): T[] => {
          items.length = length;
          return items;
        };
        let deep: unknown = 1;
        for (let d = 0; d < 40; d++) deep = [deep];
        const record = (ids: unknown[]) => ({ id: "k", summaryId: "s", boundary: ids.length, compactedMessageIds: ids, unitsBefore: 0, unitsAfter: 0 });
        const inputs: unknown[] = [
          { requirements: holeAt([{ id: "r0", content: big }], 2) },
          { messages: holeAt([{ id: "m0", role: "user", content: big }], 2) },
          { compactions: holeAt([record([big])], 2) },
          { compactions: [record(holeAt([big], 2))] },
          { messages: [{ id: "a", role: "assistant", content: holeAt([{ type: "text", text: big }], 2) }] },
          { messages: roundWithArgument(holeAt([deep], 2)) },
        ];
        const outcomes: string[] = [];
        for (const input of inputs) outcomes.push(await build(subject, input));
        return outcomes.join("; ");
      },
      core: "threw CONTEXT_INVALID_INPUT; threw CONTEXT_INVALID_TRANSCRIPT; threw CONTEXT_INVALID_INPUT; threw CONTEXT_INVALID_INPUT; threw CONTEXT_INVALID_TRANSCRIPT; threw CONTEXT_INVALID_TRANSCRIPT",
      variant: "threw CONTEXT_LIMIT_EXCEEDED; threw CONTEXT_LIMIT_EXCEEDED; threw CONTEXT_LIMIT_EXCEEDED; threw CONTEXT_LIMIT_EXCEEDED; threw CONTEXT_LIMIT_EXCEEDED; threw CONTEXT_LIMIT_EXCEEDED",
    },
  },
  {
    id: "units-ceiling-before-compactions",
    row: "the finished context above 1,000,000 units (strings and items within limits)",
    description: "Checks the 1,000,000-unit ceiling as soon as the messages are read, before the compaction records",
    patches: [
      {
        file: "snapshot.ts",
        find: `  const compactions = inChannel("CONTEXT_INVALID_INPUT", () => readRecords(record, budget));
  const totalUnits = requirementUnits + summaryUnits + table.unitsPrefix[table.messages.length];`,
        replace: `  const earlyUnits = requirementUnits + summaryUnits + table.unitsPrefix[table.messages.length];
  if (earlyUnits > MAX_CONTEXT_TOTAL_UNITS) fail(LIMIT_EXCEEDED, \`the context exceeds \${MAX_CONTEXT_TOTAL_UNITS} units\`);
  const compactions = inChannel("CONTEXT_INVALID_INPUT", () => readRecords(record, budget));
  const totalUnits = requirementUnits + summaryUnits + table.unitsPrefix[table.messages.length];`,
      },
    ],
    witness: {
      // 4,000 messages of 4 + 5 + 244 units: 1,012,000 units from 996,000 code points of strings.
      run: (subject) => build(subject, { messages: users(4000, "x".repeat(244)).map((m, i) => ({ ...m, id: `m${String(i).padStart(4, "0")}` })), compactions: "not an array" }),
      core: "threw CONTEXT_INVALID_INPUT",
      variant: "threw CONTEXT_LIMIT_EXCEEDED",
    },
  },
  {
    id: "groups-units-ceiling-unchecked",
    row: "free: the 1,000,000-unit ceiling on groupToolRounds' transcript",
    description: "groupToolRounds holds a transcript to the string, item and count budgets only, not to a finished context's units ceiling",
    patches: [
      {
        file: "groups.ts",
        find: "  if (table.unitsPrefix[table.messages.length] > MAX_CONTEXT_TOTAL_UNITS) fail(LIMIT_EXCEEDED, `the transcript exceeds ${MAX_CONTEXT_TOTAL_UNITS} units`);\n",
        replace: "",
      },
    ],
    witness: {
      run: (subject) =>
        outcome(
          () => exported(subject, "groupToolRounds")(users(4000, "x".repeat(245))),
          (groups) => `${(groups as unknown[]).length} groups`,
        ),
      core: "threw CONTEXT_LIMIT_EXCEEDED",
      variant: "returned 4000 groups",
    },
  },
  {
    id: "messages-field-fault-is-transcript",
    row: "accessor or throwing trap on the input's `messages` field",
    description: "Reports an accessor (or a throwing trap) on the input's messages field as CONTEXT_INVALID_TRANSCRIPT",
    patches: [
      {
        file: "snapshot.ts",
        find: `  const messages = inChannel("CONTEXT_INVALID_INPUT", () => optionalField(record, "messages", SHAPE, INPUT));`,
        replace: `  const messages = inChannel("CONTEXT_INVALID_TRANSCRIPT", () => optionalField(record, "messages", SHAPE, INPUT));`,
      },
    ],
    witness: {
      run: (subject) =>
        build(subject, {
          get messages() {
            return [];
          },
        }),
      core: "threw CONTEXT_INVALID_INPUT",
      variant: "threw CONTEXT_INVALID_TRANSCRIPT",
    },
  },
  {
    id: "undefined-channel-is-missing",
    row: "a channel present with value `undefined`",
    description: "Treats requirements, messages and compactions present with the value undefined as missing (summary: undefined is no summary in the core too)",
    patches: [
      {
        file: "snapshot.ts",
        find: "  // §8: a channel present with the value undefined is not missing: it is rejected below.\n  if (value === ABSENT) return EMPTY;",
        replace: "  if (value === ABSENT || value === undefined) return EMPTY;",
      },
      {
        file: "snapshot.ts",
        find: "readTranscript(messages === ABSENT ? EMPTY : messages, budget)",
        replace: "readTranscript(messages === ABSENT || messages === undefined ? EMPTY : messages, budget)",
      },
      {
        file: "snapshot.ts",
        find: `  const value = optionalField(input, "compactions", SHAPE, INPUT);
  if (value === ABSENT) return EMPTY;`,
        replace: `  const value = optionalField(input, "compactions", SHAPE, INPUT);
  if (value === ABSENT || value === undefined) return EMPTY;`,
      },
    ],
    witness: {
      run: async (subject) =>
        (await Promise.all(["requirements", "summary", "messages", "compactions"].map((channel) => build(subject, { [channel]: undefined })))).join("; "),
      core: "threw CONTEXT_INVALID_INPUT; returned a context; threw CONTEXT_INVALID_TRANSCRIPT; threw CONTEXT_INVALID_INPUT",
      variant: "returned a context; returned a context; returned a context; returned a context",
    },
  },
  {
    id: "summary-undefined-rejected",
    row: "a channel present with value `undefined`",
    description: "Rejects summary: undefined with CONTEXT_INVALID_INPUT, as it rejects the other channels present as undefined",
    patches: [
      {
        file: "snapshot.ts",
        find: "  if (value === ABSENT || value === undefined || value === null) return null;",
        replace: "  if (value === ABSENT || value === null) return null;",
      },
    ],
    witness: {
      run: (subject) => build(subject, { summary: undefined }),
      core: "returned a context",
      variant: "threw CONTEXT_INVALID_INPUT",
    },
  },
  {
    id: "proxy-array-length-by-get",
    row: "a Proxy array whose traps disagree (e.g. `get` of `length` throws, descriptors work)",
    description: "Reads a Proxy array's length through get as well; a throw or an answer unlike the descriptor's is the channel's fault",
    patches: [
      {
        file: "read.ts",
        find: `  return (ownDescriptor(value as object, "length", issue, what) as PropertyDescriptor).value as number;`,
        replace: `  let viaGet: unknown;
  try {
    viaGet = reflectGet(value as object, "length");
  } catch {
    trapFault(issue, what);
  }
  const length = (ownDescriptor(value as object, "length", issue, what) as PropertyDescriptor).value as number;
  if (viaGet !== length) fault(issue, \`\${what}: get and the descriptor disagree on its length\`);
  return length;`,
      },
      { file: "read.ts", find: "  lookupGetter,\n", replace: "  lookupGetter,\n  reflectGet,\n" },
    ],
    witness: {
      run: (subject) =>
        build(subject, {
          messages: new Proxy([], {
            get(target, key) {
              if (key === "length") throw new Error("the get trap of length throws");
              return Reflect.get(target, key) as unknown;
            },
          }),
        }),
      core: "returned a context",
      variant: "threw CONTEXT_INVALID_TRANSCRIPT",
    },
  },
];
