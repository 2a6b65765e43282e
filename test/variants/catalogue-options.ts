import type { Variant } from "./catalogue";
import { compactOutcome, OMIT } from "./witness";

// Variants in the options and the signal (contract §6, §7, §8): which broken rule is reported
// first, what `signal: null` means, which signal-like values are refused, and the summarizer's
// second argument when there is no signal.

const reprototyped = (): AbortSignal => {
  const signal = new AbortController().signal;
  Object.setPrototypeOf(signal, Object.prototype);
  return signal;
};

export const optionsVariants: readonly Variant[] = [
  {
    id: "options-reverse-order",
    row: "several rules broken in one input or options object",
    description: "Checks compactContext's options last to first: signal, summarizer, ids, maxUnits, then the budgets in reverse",
    patches: [
      {
        file: "options.ts",
        find: `export function readCompactOptions(rawOptions: unknown): CompactOptions {
  const options = optionsRecord(rawOptions);
  const boundary = readBudgets(options);`,
        replace: `export function readCompactOptions(rawOptions: unknown): CompactOptions {
  const options = optionsRecord(rawOptions);
  const reversedSignal = readSignal(options);
  const reversedSummarizer = required(options, "summarizer");
  if (typeof reversedSummarizer !== "function") fail(INVALID_INPUT, "options.summarizer must be a function");
  id(options, "recordId");
  id(options, "summaryId");
  const reversedMax = budget(options, "maxUnits", 1, MAX_CONTEXT_TOTAL_UNITS);
  void reversedSignal;
  void reversedMax;
  const boundary = readBudgets(options);`,
      },
      {
        file: "options.ts",
        find: `  const targetUnits = budget(options, "targetUnits", 1, MAX_CONTEXT_TOTAL_UNITS);
  // summaryMaxUnits has no bound of its own beyond >= 1: its ceiling is the cross-check below.
  // Stryker disable next-line StringLiteral: the name only goes into the message
  const summaryMaxUnits = budget(options, "summaryMaxUnits", 1, Infinity);
  // Stryker disable next-line StringLiteral: the name only goes into the message
  const retainRecentMessages = budget(options, "retainRecentMessages", 0, MAX_CONTEXT_MESSAGES);`,
        replace: `  const retainRecentMessages = budget(options, "retainRecentMessages", 0, MAX_CONTEXT_MESSAGES);
  const summaryMaxUnits = budget(options, "summaryMaxUnits", 1, Infinity);
  const targetUnits = budget(options, "targetUnits", 1, MAX_CONTEXT_TOTAL_UNITS);`,
      },
    ],
    witness: {
      run: (subject) => compactOutcome(subject, { targetUnits: 0, retainRecentMessages: -1, signal: 5 }),
      core: "threw CONTEXT_INVALID_BUDGET",
      variant: "threw CONTEXT_INVALID_INPUT",
    },
  },
  {
    id: "options-shape-first",
    row: "several rules broken in one input or options object",
    description: "Checks that every option field is present and a data property before checking any value",
    patches: [
      {
        file: "options.ts",
        find: `export function readBoundaryOptions(options: unknown): BoundaryOptions {
  return readBudgets(optionsRecord(options));
}`,
        replace: `const SHAPE_FIRST_BOUNDARY = ["targetUnits", "summaryMaxUnits", "retainRecentMessages"];
const SHAPE_FIRST_COMPACT = [...SHAPE_FIRST_BOUNDARY, "maxUnits", "summaryId", "recordId", "summarizer"];

/** Every field present and a data property (CONTEXT_INVALID_INPUT) before any value is checked. */
function shapeFirst(options: object, names: readonly string[]): object {
  for (let i = 0; i < names.length; i++) required(options, names[i]);
  if (names === SHAPE_FIRST_COMPACT) inChannel(INVALID_INPUT, () => optionalField(options, "signal", SHAPE, OPTIONS));
  return options;
}

export function readBoundaryOptions(options: unknown): BoundaryOptions {
  return readBudgets(shapeFirst(optionsRecord(options), SHAPE_FIRST_BOUNDARY));
}`,
      },
      {
        file: "options.ts",
        find: `  const options = optionsRecord(rawOptions);
  const boundary = readBudgets(options);`,
        replace: `  const options = shapeFirst(optionsRecord(rawOptions), SHAPE_FIRST_COMPACT);
  const boundary = readBudgets(options);`,
      },
    ],
    witness: {
      run: (subject) => compactOutcome(subject, { targetUnits: 0, summarizer: OMIT }),
      core: "threw CONTEXT_INVALID_BUDGET",
      variant: "threw CONTEXT_INVALID_INPUT",
    },
  },
  {
    id: "undefined-budget-is-missing",
    row: "an option of §6 or `maxUnits` present with value `undefined`",
    description: "Treats a budget field present with the value undefined as missing (CONTEXT_INVALID_INPUT), not as a value that is no safe integer",
    patches: [
      {
        file: "options.ts",
        find: "  const value = required(options, name);\n  if (!isSafeInteger(value) || (value as number) < min || (value as number) > max) {\n",
        replace: "  const value = required(options, name);\n  if (value === undefined) fail(INVALID_INPUT, `options.${name} is missing`);\n  if (!isSafeInteger(value) || (value as number) < min || (value as number) > max) {\n",
      },
    ],
    witness: {
      run: (subject) => compactOutcome(subject, { retainRecentMessages: undefined }),
      core: "threw CONTEXT_INVALID_BUDGET",
      variant: "threw CONTEXT_INVALID_INPUT",
    },
  },
  {
    id: "option-id-length-before-blankness",
    row: "several rules broken in one input or options object",
    description: "Checks summaryId and recordId against 65,536 code points before checking that they are not blank",
    patches: [
      {
        file: "options.ts",
        find: "  const value = required(options, name);\n  if (typeof value !== \"string\" || !isNonEmpty(value)) {\n",
        replace:
          "  const value = required(options, name);\n  if (typeof value === \"string\" && codePoints(value) > MAX_CONTEXT_STRING_UNITS) {\n    fail(LIMIT_EXCEEDED, `options.${name} is longer than ${MAX_CONTEXT_STRING_UNITS} code points`);\n  }\n  if (typeof value !== \"string\" || !isNonEmpty(value)) {\n",
      },
    ],
    witness: {
      run: (subject) => compactOutcome(subject, { recordId: " ".repeat(65_537) }),
      core: "threw CONTEXT_INVALID_INPUT",
      variant: "threw CONTEXT_LIMIT_EXCEEDED",
    },
  },
  {
    id: "signal-null-refused",
    row: "`signal: null`",
    description: "Refuses signal: null as not a genuine AbortSignal (CONTEXT_INVALID_INPUT)",
    patches: [
      {
        file: "options.ts",
        find: "  if (signal === ABSENT || signal === undefined || signal === null) return undefined;\n",
        replace: "  if (signal === ABSENT || signal === undefined) return undefined;\n",
      },
    ],
    witness: {
      run: (subject) => compactOutcome(subject, { signal: null }),
      core: "returned compacted",
      variant: "threw CONTEXT_INVALID_INPUT",
    },
  },
  {
    id: "signal-proxy-refused",
    row: "a Proxy around a genuine signal, or `Object.create(signal)`",
    description: "Refuses a Proxy around a signal and an object inheriting from one, before the summarizer is called",
    patches: [
      {
        file: "signal.ts",
        find: `export function isGenuineSignal(value: unknown): value is AbortSignal {`,
        replace: `export function isGenuineSignal(value: unknown): value is AbortSignal {
  if (typeof value !== "object" || value === null) return false;
  // The variant: a Proxy, or an object whose prototype is itself a signal, is refused.
  if (isProxy(value)) return false;
  const proto = getPrototypeOf(value);
  if (proto !== null && !isProxy(proto)) {
    try {
      signalAborted(proto as AbortSignal);
      return false;
    } catch {
      // Its prototype is not a signal: go on.
    }
  }`,
      },
      {
        file: "signal.ts",
        find: "  controllerSignal,\n",
        replace: "  controllerSignal,\n  getPrototypeOf,\n  isProxy,\n",
      },
    ],
    witness: {
      run: async (subject) =>
        [
          await compactOutcome(subject, { signal: new Proxy(new AbortController().signal, {}) }),
          await compactOutcome(subject, { signal: Object.create(new AbortController().signal) as AbortSignal }),
        ].join("; "),
      core: "returned compacted; returned compacted",
      variant: "threw CONTEXT_INVALID_INPUT; threw CONTEXT_INVALID_INPUT",
    },
  },
  {
    id: "signal-prototype-pinned",
    row: "a genuine signal whose prototype was replaced",
    description: "Accepts a signal only when it is no Proxy and its prototype is AbortSignal.prototype; others are refused before the call",
    alsoRows: ["a Proxy around a genuine signal, or `Object.create(signal)`"],
    patches: [
      {
        file: "signal.ts",
        find: `export function isGenuineSignal(value: unknown): value is AbortSignal {`,
        replace: `export function isGenuineSignal(value: unknown): value is AbortSignal {
  if (typeof value !== "object" || value === null) return false;
  // The variant: no Proxy, and the prototype must be AbortSignal.prototype.
  if (isProxy(value) || getPrototypeOf(value) !== AbortSignal.prototype) return false;`,
      },
      {
        file: "signal.ts",
        find: "  controllerSignal,\n",
        replace: "  controllerSignal,\n  getPrototypeOf,\n  isProxy,\n",
      },
    ],
    witness: {
      run: async (subject) =>
        [await compactOutcome(subject, { signal: reprototyped() }), await compactOutcome(subject, { signal: new Proxy(new AbortController().signal, {}) })].join("; "),
      core: "threw CONTEXT_SUMMARIZER_FAILED; returned compacted",
      variant: "threw CONTEXT_INVALID_INPUT; threw CONTEXT_INVALID_INPUT",
    },
  },
  {
    id: "summarizer-signal-undefined",
    row: "summarizer's second argument with no signal",
    description: "Passes undefined as the summarizer's second argument when the caller gave no signal",
    patches: [
      {
        file: "compaction.ts",
        find: "apply(options.summarizer, undefined, [request, summarizerSignal(signal)])",
        replace: "apply(options.summarizer, undefined, [request, signal])",
      },
    ],
    witness: {
      run: async (subject) => {
        let second = "not called";
        const outcome = await compactOutcome(subject, {
          summarizer: (_request: unknown, signal: unknown) => {
            second = signal === undefined ? "undefined" : signal instanceof AbortSignal ? `a signal (aborted: ${signal.aborted})` : typeof signal;
            return "summary";
          },
        });
        return `${outcome}, second argument ${second}`;
      },
      core: "returned compacted, second argument a signal (aborted: false)",
      variant: "returned compacted, second argument undefined",
    },
  },
];
