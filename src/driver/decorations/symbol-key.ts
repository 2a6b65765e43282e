// symbolKey: the object at the path gets one more own enumerable property whose key is a
// fresh Symbol. Tool-call arguments must reject it (string keys only); on a contract record
// it is an extra property, dropped unread.
import { SymbolCtor, StringCtor } from "../intrinsics";
import { defineData, isObjectLike } from "../read";
import { ScenarioError } from "../scenario-error";
import type { DecorationKind } from "./registry";

export const symbolKeyDecoration: DecorationKind = {
  kind: "symbolKey",
  apply(site, decoration) {
    const value = site.get();
    if (!isObjectLike(value)) throw new ScenarioError(`a symbol key needs an object at ${site.label}`);
    const description = typeof decoration.description === "string" ? decoration.description : "hostile";
    defineData(value, SymbolCtor(description), StringCtor("behind a symbol key"));
  },
};
