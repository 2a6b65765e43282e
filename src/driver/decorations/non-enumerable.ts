// nonEnumerable: the data property at the path stays an own data property with the same
// value but is no longer enumerable. Arguments must reject it (every key enumerable data);
// a contract field only has to be own data, so a record keeps working.
import { ScenarioError } from "../scenario-error";
import type { DecorationKind } from "./registry";

export const nonEnumerableDecoration: DecorationKind = {
  kind: "nonEnumerable",
  apply(site) {
    if (site.isRoot) throw new ScenarioError("a non-enumerable key needs a property path, not the root");
    site.define({ value: site.get(), writable: true, enumerable: false, configurable: true });
  },
};
