// The contract's limits (contract §1, §3, §7). Exported as they are; the core reads them
// from here so a limit is written down exactly once.

export const MAX_CONTEXT_MESSAGES = 4096;
export const MAX_CONTEXT_REQUIREMENTS = 128;
export const MAX_CONTEXT_RECORDS = 256;
export const MAX_CONTEXT_DEPTH = 32;
export const MAX_CONTEXT_COLLECTION_ITEMS = 16384;
export const MAX_CONTEXT_STRING_UNITS = 65536;
export const MAX_CONTEXT_TOTAL_UNITS = 1_000_000;
export const MAX_CONTEXT_ASYNC_DEPTH = 64;
