// alias: the property at the path is replaced by the very object found at another path `of` of
// the same argument, so one container is reachable twice: a shared container, not a cycle
// (neither path may lie inside the other). Inside tool-call arguments the contract forbids
// cycles only; a reader that remembers every container it ever saw takes this for one.
import type { Path } from "../../scenario/data";
import { isObjectLike } from "../read";
import { ScenarioError } from "../scenario-error";
import type { DecorationKind } from "./registry";

function isPrefix(a: Path, b: Path): boolean {
  if (a.length > b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export const aliasDecoration: DecorationKind = {
  kind: "alias",
  apply(site, decoration, ctx) {
    const of = decoration.of as Path | undefined;
    if (site.isRoot || of === undefined || of.length === 0) throw new ScenarioError("an alias needs a property path and another path `of`");
    if (isPrefix(of, decoration.path) || isPrefix(decoration.path, of)) throw new ScenarioError(`an alias at ${site.label} may not point into itself or at a container holding it (that is a cycle)`);
    site.get(); // the path must exist
    const target = ctx.valueAt?.(of);
    if (!isObjectLike(target)) throw new ScenarioError(`an alias at ${site.label} must point at an object or array`);
    site.set(target);
  },
};
