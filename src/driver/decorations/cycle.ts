// cycle: the property at the path is replaced by a reference to the object holding it (its
// parent, an ancestor of the site), so the input graph has a cycle. Inside tool-call
// arguments that is the contract's "no cycles" rule; on a record field it is a wrong type.
// Only the parent is reachable from a site, which is enough for a cycle of length one.
import { ScenarioError } from "../scenario-error";
import type { DecorationKind } from "./registry";

export const cycleDecoration: DecorationKind = {
  kind: "cycle",
  apply(site) {
    if (site.isRoot) throw new ScenarioError("a cycle needs a property path, not the root");
    site.get(); // the path must exist
    site.set(site.parent);
  },
};
