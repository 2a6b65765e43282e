// Where a decoration applies: the property `key` of `parent`, reached by following a path of
// own data properties from the argument's root. The root itself lives in a holder object, so
// a decoration at the empty path can replace the whole argument (e.g. wrap it in a Proxy).
import type { Path } from "../../scenario/data";
import { StringCtor, defineProperty, getOwnPropertyDescriptor } from "../intrinsics";
import { isObjectLike } from "../read";
import { ScenarioError } from "../scenario-error";

export interface DecorationSite {
  readonly parent: object;
  readonly key: string;
  /** The path in words, for error messages, e.g. "input.messages[2].role". */
  readonly label: string;
  /** The current own data value at the site (the driver built it, so it is plain). */
  get(): unknown;
  /** Replaces the site with a data property holding `value`. */
  set(value: unknown): void;
  /** Replaces the site with any property descriptor (accessors, non-enumerable, …). */
  define(descriptor: PropertyDescriptor): void;
  readonly isRoot: boolean;
}

export const ROOT_KEY = "root";

function ownData(parent: object, key: string, label: string): unknown {
  const d = getOwnPropertyDescriptor(parent, key);
  if (d === undefined || !("value" in d)) throw new ScenarioError(`decoration path ${label} does not reach a data property`);
  return d.value;
}

export function resolveSite(holder: { root: unknown }, path: Path, targetName: string): DecorationSite {
  let parent: object = holder;
  let key = ROOT_KEY;
  let label = targetName;
  for (let i = 0; i < path.length; i++) {
    const next = ownData(parent, key, label);
    if (!isObjectLike(next)) throw new ScenarioError(`decoration path ${label} is not an object`);
    parent = next;
    key = StringCtor(path[i]);
    label = typeof path[i] === "number" ? `${label}[${key}]` : `${label}.${key}`;
  }
  const site: DecorationSite = {
    parent,
    key,
    label,
    isRoot: path.length === 0,
    get: () => ownData(parent, key, label),
    set: (value) => site.define({ value, writable: true, enumerable: true, configurable: true }),
    define: (descriptor) => {
      if (!defineProperty(parent, key, descriptor)) throw new ScenarioError(`cannot redefine ${label}`);
    },
  };
  return site;
}
