// prototype: the object at the path gets a non-plain prototype (`proto`: "class" = an
// instance of a class, "objectCreate" = Object.create of an object carrying an inherited
// field, "null" = a null prototype, which the contract still counts as plain; "array" = an array
// carrying the object's own properties, which is no plain object).
import { StringCtor, defineProperty, getOwnPropertyDescriptor, objectFreeze, ownKeys, setPrototypeOf } from "../intrinsics";
import { isObjectLike } from "../read";
import { ScenarioError } from "../scenario-error";
import type { DecorationKind } from "./registry";

class HostileRecord {}

function protoFor(name: unknown): object | null {
  switch (name) {
    case "class":
    case undefined:
      return HostileRecord.prototype;
    case "objectCreate":
      return objectFreeze({ inherited: "from the prototype" });
    case "null":
      return null;
    default:
      throw new ScenarioError(`unknown prototype variant ${StringCtor(name)}`);
  }
}

/** An array holding `value`'s own properties (its own length kept). */
function asArray(value: object): unknown[] {
  const array: unknown[] = [];
  const keys = ownKeys(value);
  for (let i = 0; i < keys.length; i++) {
    const descriptor = getOwnPropertyDescriptor(value, keys[i]!);
    if (keys[i] !== "length" && descriptor !== undefined) defineProperty(array, keys[i]!, descriptor);
  }
  return array;
}

export const prototypeDecoration: DecorationKind = {
  kind: "prototype",
  apply(site, decoration) {
    const value = site.get();
    if (!isObjectLike(value)) throw new ScenarioError(`a prototype decoration needs an object at ${site.label}`);
    if (decoration.proto === "array") return site.set(asArray(value));
    if (!setPrototypeOf(value, protoFor(decoration.proto))) throw new ScenarioError(`cannot set the prototype at ${site.label}`);
  },
};
