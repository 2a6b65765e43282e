// The contract's numbers and codes, written out again here on purpose: the model must not
// import them from src/core, so a wrong constant in the core shows up as a disagreement.

export const LIMIT = {
  messages: 4096,
  requirements: 128,
  records: 256,
  idsPerRecord: 4096,
  depth: 32,
  collectionItems: 16384,
  stringUnits: 65536,
  totalStringUnits: 1_000_000,
  totalUnits: 1_000_000,
  asyncDepth: 64,
} as const;

export const CODE = {
  invalidInput: "CONTEXT_INVALID_INPUT",
  invalidTranscript: "CONTEXT_INVALID_TRANSCRIPT",
  limitExceeded: "CONTEXT_LIMIT_EXCEEDED",
  invalidBudget: "CONTEXT_INVALID_BUDGET",
  boundaryUnavailable: "CONTEXT_BOUNDARY_UNAVAILABLE",
  summaryInvalid: "CONTEXT_SUMMARY_INVALID",
  summaryInsufficient: "CONTEXT_SUMMARY_INSUFFICIENT",
  summarizerFailed: "CONTEXT_SUMMARIZER_FAILED",
  asyncValueUnobservable: "CONTEXT_ASYNC_VALUE_UNOBSERVABLE",
  cancelled: "CONTEXT_CANCELLED",
} as const;

export type ContractCode = (typeof CODE)[keyof typeof CODE];
