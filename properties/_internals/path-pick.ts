import fc from "fast-check";

// Picking one path of a generated value so that a counterexample still shrinks. A path drawn
// with `.chain` from the value's own path list is drawn again (at random) whenever the value
// shrinks, and the chained part is frozen once it shrinks itself; a pick drawn beside the
// value and applied by `.map` keeps pointing at "the same" place: the same kind of field
// (its path with indices replaced by "*"), counted from the end, so removing items before it
// (what shrinking does) leaves the pick where it was.

export type Path = (string | number)[];

/** A path's kind: its keys, indices replaced by "*" ("messages.*.id"). */
export function kindOf(path: Path): string {
  return path.map((p) => (typeof p === "number" ? "*" : p)).join(".");
}

/** Which kind of path (an index into a fixed list of kinds) and which of them, counted from the end. */
export type PathPick = { kind: number; fromEnd: number };

/** Kinds are drawn equally often; shrinking goes toward the first kind and the last path of a kind. */
export const pathPick = (kinds: number): fc.Arbitrary<PathPick> => fc.record({ kind: fc.nat(Math.max(0, kinds - 1)), fromEnd: fc.nat(64) });

/**
 * The picked path of `paths`: among those of kind `kinds[pick.kind]`, the `fromEnd`-th from the
 * end (cyclically); when there is none of that kind, the same count among all of them.
 */
export function pickPath(paths: readonly Path[], kinds: readonly string[], pick: PathPick): Path {
  if (paths.length === 0) throw new Error("pickPath: no path to pick");
  const kind = kinds[pick.kind % Math.max(1, kinds.length)];
  const ofKind = paths.filter((p) => kindOf(p) === kind);
  const pool = ofKind.length > 0 ? ofKind : paths;
  return pool[pool.length - 1 - (pick.fromEnd % pool.length)]!;
}
