// The grade's defaults, in a module of their own so that the command line's help can show them
// without loading the grader.

export const DEFAULT_SEED = 20261129;
export const DEFAULT_RUNS = 100;
/** `fuzz` without --time or --runs. */
export const DEFAULT_FUZZ_TIME = "1m";
/** `audit`: cases per property and scope without --time. */
export const DEFAULT_AUDIT_RUNS = 200;
