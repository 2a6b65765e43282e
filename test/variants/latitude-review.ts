// The review of every property's accepted set against the contract's Authority paragraph
// (issue 27, item 4), rendered into docs/latitude.md (./latitude-doc.ts). One entry per
// property family, or per property where it matters: what was checked, what the contract
// fixes (with its words), and what was widened with the variant that takes the other choice.
// test/variants/catalogue.test.ts checks that the entries cover every property and name only
// variants of the catalogue.

export interface ReviewEntry {
  /** Property ids, or a family as "<family>.*"; every property is covered by one entry. */
  readonly properties: readonly string[];
  /** What was looked at: orders of reading and checks, timings, counts, combinations. */
  readonly checked: string;
  /** What the contract (or the seed) fixes there, in its words. */
  readonly fixed: string;
  /** What was widened, or "nothing". */
  readonly widened: string;
  /** Catalogue variants that take the other choice the entry names (test/variants/catalogue*.ts). */
  readonly variants: readonly string[];
}

export const REVIEW_INTRO = [
  "Every property's accepted set was read against the contract's Authority paragraph: where a property",
  "required an order of reading, an order of checks, a timing or any other choice that the contract does not fix,",
  "it was widened and a variant taking the other choice was added; where the contract (or the seed) fixes the",
  "choice, the property was kept, and the words that fix it are quoted. The §8 rows issue 27 changes (the slot",
  "pre-scan of arrays, Proxy-wrapped and shadowed native promises, the second-order return, `summary: undefined`)",
  "are reviewed with those changes, not here. Candidate variants tried that passed without any change (so the",
  "properties already leave that room open) are listed too; those worth pinning are in the catalogue.",
].join("\n");

export const REVIEW: readonly ReviewEntry[] = [
  {
    properties: ["units.*"],
    checked: "The exact value of every part, key order of arguments, a plain input built before it is counted, state kept across calls, the codes of an input that fails.",
    fixed: "§4 \"Units are exact integers, the same on every platform\" and its table; an input that fails has buildActiveContext's codes (§1: every failure is a ContextCompactionError; §3).",
    widened: "Nothing (J(-0) = J(0), so the -0 widening below changes no unit).",
    variants: [],
  },
  {
    properties: ["groups.tile-transcript-in-order", "groups.call-never-separated-from-results", "groups.finest-split"],
    checked: "Intervals, merging, tiling; the codes of a broken transcript; whether the 1,000,000-unit ceiling applies to a transcript alone.",
    fixed: "§5 \"for each assistant message with at least one tool call, its interval runs from it through the last result … intervals that overlap (or nest) merge\"; codes \"as in section 3\".",
    widened: "The ceiling: §3 bounds \"the finished context\", §5 validates a transcript \"codes as in section 3\"; the core throws CONTEXT_LIMIT_EXCEEDED, while the model (and contract-decisions 5) said the groups. Now either; an edge case of groups.tile-transcript-in-order (a transcript over the ceiling) failed the core before.",
    variants: ["groups-units-ceiling-unchecked"],
  },
  {
    properties: ["groups.frozen"],
    checked: "How deep the freezing is required.",
    fixed: "§5 \"a frozen list of frozen groups\": the list and each group. The contract says \"deeply\" or \"every object and array\" where it means more (§2 helpers, §3 build).",
    widened: "The property required every array and message inside a group frozen; now the list and the groups (contract-decisions 14). groups.frozen failed the variant before.",
    variants: ["groups-message-lists-unfrozen"],
  },
  {
    properties: ["boundary.*"],
    checked: "The walk, the order of option checks, options against a context that fails, several broken rules.",
    fixed: "§6 \"Walk the groups oldest first; after removing each whole group …\"; \"The context is built (section 3) before the options are read\"; \"When several rules break at once, a grader accepts the code of any broken rule\" (the model lists them all).",
    widened: "Nothing.",
    variants: ["options-reverse-order", "options-shape-first"],
  },
  {
    properties: ["compaction.record-fields-exact", "compaction.compacted-ids-are-prefix-ids", "compaction.units-before-after", "compaction.summary-stored-exactly", "compaction.requirements-kept", "compaction.request-exact", "compaction.summarizer-called-once", "compaction.one-record-appended", "compaction.retained-suffix-valid", "compaction.repeated-ids-listed-each"],
    checked: "The record, the request's five fields, the number of calls, the summarizer's second argument, the order of steps, when the summarizer is called; the record of a prefix whose message ids repeat.",
    fixed: "§7 \"Steps, in this order\"; step 4 \"Call summarizer(request, signal) once, with a frozen request { requirements, previousSummary, messages /* the exact prefix */, boundary, maxSummaryUnits }\"; step 8's record and \"record being the last element of context.compactions\"; the seed \"Only then does the function append a frozen record … rebuild and revalidate\" (a 257th record found before the call, tried, is rightly failed by strength.derived-context-limits and differential.compact). Not fixed: whether the work happens before compactContext returns its promise: a variant doing all of it a job later passed unchanged, and is pinned. Message ids may repeat (contract-decisions 3): step 8's \"compactedMessageIds /* the ids of the prefix, in order */\" and §3's \"length === boundary\" fix one id per compacted message, a repeated one listed again.",
    widened: "Nothing.",
    variants: ["compaction-in-a-later-job", "summarizer-signal-undefined"],
  },
  {
    properties: ["compaction.all-frozen"],
    checked: "How deep the result and the request must be frozen.",
    fixed: "Step 8 \"resolve { status, context, record }, all frozen\" with a built context (§3 \"every object and array is frozen\"); step 4 \"a frozen request\": the request object.",
    widened: "The property required the request's prefix list frozen too; now the request object (contract-decisions 14). It failed the variant before. Mutant request-not-frozen now leaves the request object itself unfrozen (still killed, same root cause).",
    variants: ["request-prefix-unfrozen"],
  },
  {
    properties: ["fast-path.*"],
    checked: "Identity, status, calls, freezing, the signal on the fast path; a recordId already used by one of the context's records.",
    fixed: "§7 step 2 \"the summarizer is not called, and the signal is not consulted\", \"context is the very object passed in when it was built by this module\", frozen; options are checked before it (step 1). \"If recordId is already used by a record → CONTEXT_INVALID_INPUT\" is step 3's, after the fast path, so a context within maxUnits is returned unchanged whatever its records' ids.",
    widened: "Nothing.",
    variants: [],
  },
  {
    properties: ["atomicity.*"],
    checked: "Rejection against resolution, the error's shape and code, the input after a failure; a plain input after a success.",
    fixed: "§1 \"class, extends Error, name === \\\"ContextCompactionError\\\", readonly code, instance frozen\"; §7 \"On every failure: … the input context is unchanged (deep-equal, still frozen), and no record exists anywhere\"; §3 \"after the call the input is never touched again\", so a success leaves a plain input deep-equal too (the record is only in the result).",
    widened: "The driver read code and name only as data properties: a class with `get code()` over a private field (which is \"readonly code\") was seen with code null and failed every property that reads a code. A getter is now read once (own or on the class; contract-decisions 15).",
    variants: ["error-fields-as-getters"],
  },
  {
    properties: ["differential.*"],
    checked: "Where the subject may differ from the reference core; the identity facts it compares when both agree.",
    fixed: "A difference falls back to the model's accepted set. The identity facts are the contract's: the built context returned as is (§3), the context passed in on the fast path (step 2), the record last of compactions (step 8), a rejection rather than a synchronous throw and a native promise (§1 \"async\", \"a failing step rejects\"), nothing changed by an abort after settlement (step 5).",
    widened: "Only through the shared equality of returned data (-0, below).",
    variants: [],
  },
  {
    properties: ["hostile.*", "strength.accessors-never-called", "strength.signal-accessor-rejected", "strength.boundary-ignores-signal", "strength.boundary-ignores-aborted-signal"],
    checked: "Each decoration's effect and which placements are left undecided (never generated); accessors of the options; decorations combined with other broken rules.",
    fixed: "§3 \"No accessor of the input (getter or setter) is ever called\", \"A Proxy is read through its traps exactly as plain data is read\", \"extra properties are dropped\"; §6 \"(otherwise CONTEXT_INVALID_INPUT: … an accessor)\"; the context is built before the options are read, so the options of a context that fails are never read. Every broken rule's code is accepted with a decoration's. That an accessor of the options is refused without being called is §3's rule read for options (contract-decisions 13), kept. A signal among selectCompactionBoundary's options, an aborted genuine one or data like one, is an extra field (§6 options are three fields; contract-decisions 13): the answer is the options' without it.",
    widened: "Nothing here (the slot pre-scan row is issue 27's own change).",
    variants: ["messages-field-fault-is-transcript", "proxy-array-length-by-get"],
  },
  {
    properties: ["limits.*"],
    checked: "Which data an overflow leaves unread, for every order of channels and of a record's fields; codes past a limit.",
    fixed: "§3 \"Budgets … counted as validation reads it, so hostile data after the point of overflow is never inspected\"; the overflow point is taken per channel from empty budgets, a record's strings after its arrays (src/model/overflow.ts), the latest any order reaches, so no order is required. The units ceiling \"may be checked once the context is built\" (§8).",
    widened: "Nothing here (issue 27's slot row is its own change).",
    variants: ["input-no-count-precheck", "input-compactions-before-messages", "item-count-before-slots", "units-ceiling-before-compactions"],
  },
  {
    properties: ["async.*", "cancel.*"],
    checked: "How many times then is read and called, when the outcome is taken, where the signal is read, when the value is observed, when the abort listener is attached, aborts racing failures, the reason an abort gives, an abort made inside then right after resolve(text).",
    fixed: "§7 step 5 \"read then once\", \"Call then once\", \"the outcome is taken only after then has returned, in a later job\", \"the signal is read when then returns, when the value settles, after the await, and just before the result is exposed\"; an abort inside the summarizer's own call racing its failure is open (contract-decisions 12, both codes). Observing the value a job later, and listening for an abort from before the call, both passed unchanged; the second is pinned. Step 3 \"If the signal is already aborted → CONTEXT_CANCELLED\" and step 6 \"aborted → CONTEXT_CANCELLED\" turn on whether the signal is aborted, not on its reason: any reason is a cancellation, and nothing is fixed about the error beyond its code (no cause). \"An abort made synchronously right after resolve(text) inside then → CONTEXT_CANCELLED\" is §7's own example (not the §8 row of an abort between settlement and exposure).",
    widened: "Nothing (the Proxy, locked and second-order rows are issue 27's own change).",
    variants: ["abort-heard-during-the-call", "exposure-after-microtasks", "depth-checked-before-then"],
  },
  {
    properties: ["sequence.*"],
    checked: "Whether a step's expected outcome depends on a choice an earlier step made.",
    fixed: "The live context is the subject's own result (src/scenario/program.ts); no program abort point races (none, beforeCall, inSummarizer, whilePending), so every step's accepted outcomes are of one kind.",
    widened: "Nothing.",
    variants: [],
  },
  {
    properties: ["strength.argument-cycles-are-invalid"],
    checked: "Which code a cycle in tool arguments gets.",
    fixed: "§3 lists \"no cycles\" and \"any value deeper than 32 fails\"; a cycle read as a tree has values at every depth, so it breaks both, and §8's first row accepts \"the code of any broken rule\" (depth itself is either code, contract-decisions 1).",
    widened: "The property (and contract-decisions 1) accepted only CONTEXT_INVALID_TRANSCRIPT; now CONTEXT_LIMIT_EXCEEDED too. Mutant arguments-cycle-left-to-depth-limit was that valid choice: it is the variant now, and the property's mutant is arguments-cycle-unbounded (depth checked after a container's items, so a cycle overflows the stack).",
    variants: ["arguments-cycle-found-by-depth"],
  },
  {
    properties: ["strength.reading-requirement-fields", "strength.blank-option-ids-rejected"],
    checked: "Two rules broken by one value: a blank id beside an over-long content, a blank id past 65,536 code points.",
    fixed: "§8 first row \"the code of any broken rule\"; the contract orders neither the fields of a record nor, within an id, blankness and length.",
    widened: "The model counted a requirement's content only when its id was good, and skipped the length of a blank option id: now both codes. Both cases are generated now; the variants failed before.",
    variants: ["requirement-content-before-id", "option-id-length-before-blankness"],
  },
  {
    properties: ["strength.argument-values-must-be-json", "strength.argument-keys-named-like-prototype-members", "strength.argument-accessors-rejected", "strength.proxied-arguments-read-by-descriptor", "strength.argument-depth-limit"],
    checked: "What a copy of arguments must keep.",
    fixed: "§3 \"a deep copy\", keys as data (a \"__proto__\" key stays a key); §2's JSON has no -0 and J(-0) = J(0).",
    widened: "Every property compared returned data with -0 and 0 apart; a copy made the JSON way (-0 becomes 0) failed 21 of them. Returned data now treats them as one number (inputs are still compared exactly; contract-decisions 16).",
    variants: ["arguments-negative-zero-as-json"],
  },
  {
    properties: ["strength.whitespace-summary-rejected", "strength.non-string-summary-rejected", "strength.non-string-summary-values", "strength.derived-context-limits", "strength.compacted-context-limits", "strength.compacted-context-compacts-again"],
    checked: "The order of step 6's checks; when the derived context's limits are checked.",
    fixed: "Step 6 \"aborted → CANCELLED. Not a string → SUMMARY_INVALID. Longer than 65536 … → LIMIT_EXCEEDED. Only whitespace … summaryMaxUnits → SUMMARY_INSUFFICIENT\"; the seed lists whitespace before the ceiling, so that pair is open (the model accepts both), while both put the ceiling before summaryMaxUnits (kept; a variant checking summaryMaxUnits first passed, no case has both). \"\" has no non-whitespace text (§2's non-empty), so it is \"only whitespace\" (contract-decisions 2). Ids \"longer → CONTEXT_LIMIT_EXCEEDED before the summarizer is called\"; step 8's limits after it.",
    widened: "Nothing.",
    variants: ["summary-blank-before-ceiling"],
  },
  {
    properties: ["strength.*"],
    checked: "The remaining strength properties: option edges, retention, aggregate strings, surrogates, muted aborts, rejections handled, the reading-* properties, options and signals, the summary value's observation, a frozen plain input built, options with a null prototype, a string a then returns, buildActiveContext of compactContext's result.context, thenables whose then is inherited, a thenable's resolve(undefined), the falsy signals false, 0 and \"\".",
    fixed: "Each checks one sentence of §2-§7 with the model's codes (every broken rule's code where several break); the signal, Proxy and promise cases are §8 rows with their variants. A frozen plain input is §3's \"It returns a deep copy in which every object and array is frozen and extra properties are dropped\": only \"an ActiveContext that this module built\" comes back as \"that very object\". Options \"must be a plain object\" (§6), and a plain object has \"prototype `Object.prototype` or `null`\" (§3), so options with a null prototype get the plain options' answer. \"What a custom then returns. If it is an object, it is observed\" (§7 step 5): a string it returns is nothing, the text delivered later is the summary. compactContext's context is built by this module (step 8 \"build and validate the new context\"; step 2 returns a built context), so §3's \"Given an ActiveContext that this module built, it returns that very object\" holds for result.context. \"Any other object or function. Read `then` once\" (§7 step 5) reads it as any property is read, so an instance of a class with a then method (or an object made with Object.create from one holding then) is a thenable. \"A fulfilment is adopted one level deeper\" and \"A primitive is the result\": resolve(undefined) delivers undefined, not a string (step 6, CONTEXT_SUMMARY_INVALID), and what the resolvers get after it is ignored. The signal's row of §7, \"absent, `undefined` and `null` all mean no signal\", otherwise CONTEXT_INVALID_INPUT, and only `signal: null` is a §8 row: false, 0 and \"\" are refused (before the fast path too).",
    widened: "Nothing beyond the entries above.",
    variants: ["signal-null-refused", "signal-proxy-refused", "signal-prototype-pinned", "proxy-values-read-as-objects", "promise-accessor-constructor-pinned", "promise-relocked-unobservable"],
  },
];
