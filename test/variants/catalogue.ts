import type { Patch } from "../mutants/patch";
import { asyncVariants } from "./catalogue-async";
import { freeVariants } from "./catalogue-free";
import { inputVariants } from "./catalogue-input";
import { optionsVariants } from "./catalogue-options";
import { timingVariants } from "./catalogue-timing";

// The catalogue of valid variants (issue 12), the dual of the mutant catalogue: named source
// patches of src/core, each making a different choice that the contract allows. Every §8 row
// (a room the seed leaves open) has at least one variant taking the outcome the core does not;
// more variants differ only where the contract fixes nothing (error messages, extra helper call
// forms, the order among broken rules). Every variant must score full marks on every property
// (test/variants/full-marks-*.test.ts): a property that fails one is a false failure.

/** The situations of the contract's §8 table, verbatim; a variant names the row it exercises. */
export const LATITUDE_ROWS = [
  "several rules broken in one input or options object",
  "any overflow (items, a string's length, the string total, depth) reached inside the items of an array that also has a bad slot (hole, accessor, throwing trap) anywhere, e.g. a getter at `compactions[16]` after records whose ids cross 1,000,000 code points",
  "the finished context above 1,000,000 units (strings and items within limits)",
  "accessor or throwing trap on the input's `messages` field",
  "a channel present with value `undefined`",
  "an option of §6 or `maxUnits` present with value `undefined`",
  "a Proxy array whose traps disagree (e.g. `get` of `length` throws, descriptors work)",
  "`signal: null`",
  "a Proxy around a genuine signal, or `Object.create(signal)`",
  "a genuine signal whose prototype was replaced",
  "summarizer's second argument with no signal",
  "a chain of 65 generic thenables",
  "a Proxy with forwarding (non-throwing) traps around a native promise, as the summary value or as the value a `then` returns",
  "a Proxy around anything else, without a callable `then`",
  "a Proxy whose `get` trap throws",
  "a native promise whose `constructor`/species lookup completes but runs caller code (own accessor, subclass, species getter)",
  "a native promise reached again after being locked in between",
  "a Proxy or locked promise returned by a `then` that was itself reached only as another `then`'s return value (second order or deeper)",
  "an abort in the microtasks between the value settling and the result's exposure",
] as const;

export type LatitudeRow = (typeof LATITUDE_ROWS)[number];

/** Rooms the contract leaves free without a §8 row: nothing a property may look at. */
export const FREE_ROOMS = [
  "free: error messages",
  "free: extra helper call forms",
  "free: check order among broken rules",
  "free: ContextCompactionError's `code` and `name` as getters",
  "free: -0 in copied tool arguments (a JSON copy makes it 0)",
  "free: the 1,000,000-unit ceiling on groupToolRounds' transcript",
  "free: `frozen` one level deep (the summarizer's request, the groups)",
  "free: when compactContext reads its arguments and calls the summarizer (now or in a later job)",
  "free: an abort racing a summarizer failure within one call (contract-decisions 12)",
] as const;

export type FreeRoom = (typeof FREE_ROOMS)[number];

/**
 * Evidence that the variant really makes its other choice: a direct call whose outcome differs
 * between the core and the variant (so a patch of dead code cannot pass as a variant).
 */
export interface Witness {
  /** Runs against a subject module; the outcome as a short string (see ./witness.ts). */
  readonly run: (subject: Record<string, unknown>) => Promise<string>;
  /** The outcome on src/core. */
  readonly core: string;
  /** The outcome on the variant. */
  readonly variant: string;
}

export interface Variant {
  /** Stable, kebab-case, unique. */
  readonly id: string;
  /** The §8 row whose non-core outcome this variant takes, or the free room it uses. */
  readonly row: LatitudeRow | FreeRoom;
  /** Further §8 rows where the same choice also takes the non-core outcome. */
  readonly alsoRows?: readonly LatitudeRow[];
  /** The choice in one line. */
  readonly description: string;
  readonly patches: readonly Patch[];
  readonly witness: Witness;
}

export const variants: readonly Variant[] = [...freeVariants, ...inputVariants, ...optionsVariants, ...asyncVariants, ...timingVariants];
