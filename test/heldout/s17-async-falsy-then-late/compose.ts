// Three async-observation mistakes in the student's own awaiting of the summary (rewrite): a
// rejection whose reason is falsy is taken as a fulfilment with undefined (a callback's
// `if (error)`); a native promise's then is read first, like any value's; a thenable must deliver
// while its then runs.
import { assemble, makerOf } from "../_kit/assemble";
import { asyncMistakes } from "../_kit/async-mistakes";

const FLAGS = {
  "falsy-rejection-ignored": "falsyRejectionIgnored",
  "promise-then-read-first": "promiseThenReadFirst",
  "thenable-must-deliver-at-once": "deliverAtOnce",
} as const;

export const make = makerOf(Object.keys(FLAGS), (enabled) => assemble(enabled.size === 0 ? [] : [asyncMistakes(FLAGS, enabled)]));
