// The held-out set in two halves (issue 26), drawn once, by criterion, form and number of
// mistakes (a SHA-1 order within each stratum, every other one), before any analysis work:
// - DEV: implementations the people improving the root-cause analysis may grade, read and debug;
// - BLIND: implementations nobody tuning the analysis looks at one by one. Their rates are
//   measured only as totals (npm run heldout:measure prints no detail of them), so a rate on
//   BLIND is a rate on material the analysis was not tuned on.
// Both halves and the whole set are reported (docs/heldout.md).

export const BLIND: readonly string[] = [
  "proxy-promise-failed", "thenable-identity-lost", "promise-resolve-await", "then-return-ignored", "recordid-after-summarizer",
  "units-before-messages-only", "boundary-crossing-group", "boundary-strict-fit", "retain-no-upper-bound", "duck-typed-signal",
  "abort-checked-after-call", "signal-dropped-after-start", "groups-nested-end", "groups-kind-assistant", "depth-32-refused",
  "string-limit-utf16", "symbol-key-skipped", "trap-escapes", "summary-units-no-id", "summary-exact-fit-refused", "fastpath-strict",
  "fastpath-no-record", "units-negative-number", "units-plus-one",
];

/**
 * The first set's several-mistake implementations, blind from session 11 to 27 (several → as
 * many stayed 7/11 for nine sessions while every opened set was tuned to 70–89 %), opened as DEV
 * in session 28 to find what their misses turn on; a fifth set (b5m-, below) measures that tuning
 * blind. The first set's one-mistake implementations stay blind (BLIND above).
 */
export const FIRST_SET_OPENED: readonly string[] = [
  "multi-async-depth-then-return", "multi-options-equal-maxunits", "multi-groups-nested-strict", "multi-cancel-reason-duck",
  "multi-record-three", "multi-reading-getter-utf16", "multi-boundary-two", "multi-spread-signal-dropped", "multi-fastpath-summary",
  "student-carol", "student-bob",
];

/** The first set's opened part (FIRST_SET_OPENED): the measure's column of that name. */
export const isOpened = (id: string): boolean => FIRST_SET_OPENED.includes(id);

/**
 * The second blind set (session 19): written by two helpers who had not read the analysis, after
 * the first set's totals had stayed the same for four sessions while every DEV batch reached its
 * targets. Every `b2-` and `b2m-` folder. Measured as totals only from session 19 to 24 (its last
 * totals, docs/heldout.md), then opened as DEV in session 25: the first set had stayed the same
 * for six sessions, the DEV analogues written from its kinds did not show its misses, and the
 * measure's new totals showed where they lie (mistakes of several-mistake implementations split
 * when graded alone). The first set stays blind and is the measure of what tuning on it gives.
 */
export const isBlind2 = (id: string): boolean => id.startsWith("b2-") || id.startsWith("b2m-");

/**
 * The third set (session 26): whole student implementations and several-mistake rewrites of one
 * flow (`b3-` and `b3m-` folders), written by three helpers who had not read the analysis, so
 * that the faces BLIND's totals point at (mistakes of whole-flow rewrites) can be met on fresh
 * material. Measured once blind (totals only, docs/heldout.md session 26), then opened as DEV;
 * the measure still reports it apart.
 */
export const isBlind3 = (id: string): boolean => id.startsWith("b3-") || id.startsWith("b3m-");

/**
 * The fourth set (session 27): several-mistake implementations only (`b4m-` folders), wrappers
 * and rewrites of whole flows, written by three helpers who had not read the analysis. Measured
 * once blind (totals only, docs/heldout.md session 27), then opened as DEV to find the
 * mechanisms (not the faces) behind its splits; the measure still reports it apart.
 */
export const isBlind4 = (id: string): boolean => id.startsWith("b4m-");

/**
 * The fifth set (session 28): several-mistake implementations only (`b5m-` folders), whole-flow
 * rewrites and wrappers written by three helpers who had not read the analysis. Measured blind as
 * totals only, before session 28's tuning (on the first set's opened part) and after it (the same
 * totals both times), then opened as DEV in session 29 to try a method, not a face, on its splits;
 * the measure still reports it apart.
 */
export const isBlind5 = (id: string): boolean => id.startsWith("b5m-");

/**
 * The sixth set (session 29): several-mistake implementations only (`b6m-` folders), written
 * like the fifth by three helpers who had not read the analysis, while the fifth was opened.
 * Measured blind as totals only, with the analysis of session 29's start and after its work
 * (3/9 both times), then opened as DEV in session 30; the measure still reports it apart.
 */
export const isBlind6 = (id: string): boolean => id.startsWith("b6m-");

/**
 * The seventh set (session 30): several-mistake implementations only (`b7m-` folders), written
 * like the sixth by three helpers who had not read the analysis (their closing messages named
 * no mistake), while the sixth was opened. Measured blind as totals only, with the analysis of
 * session 30's start and after its work (1/9 both times), then opened as DEV in session 31; the
 * measure still reports it apart.
 */
export const isBlind7 = (id: string): boolean => id.startsWith("b7m-");

/**
 * The eighth set (session 31): several-mistake implementations only (`b8m-` folders), written
 * like the seventh by three helpers who had not read the analysis, while the seventh was opened;
 * their folder names carry only the form and a number, and neither their closing messages nor
 * their commit messages name a mistake. Blind: measured as totals only, with the analysis of
 * session 31's start and after its work.
 */
export const isBlind8 = (id: string): boolean => id.startsWith("b8m-");

/**
 * Whether an implementation is blind: the first set's one-mistake implementations and the
 * eighth set (the second is DEV since session 25, the third since 26, the fourth since 27, the
 * first set's several-mistake implementations since 28, the fifth since 29, the sixth since 30,
 * the seventh since 31).
 */
export const isBlind = (id: string): boolean => BLIND.includes(id) || isBlind8(id);

/** The first blind set (35, blind and opened parts together): the measure's column of the same name, comparable with earlier sessions. */
export const isBlind1 = (id: string): boolean => BLIND.includes(id) || isOpened(id);
