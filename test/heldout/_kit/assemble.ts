// How a held-out implementation is put together from its mistakes: each mistake is the part of
// compactContext it rewrites (./compact-with) and/or a layer over the exported functions.
// `make(enabled)` of an implementation assembles the mistakes it plants that are enabled, so
// that a witness can be run with one mistake alone or with all the others (independence).
import { compactWith, type CompactParts } from "./compact-with";
import { reference, type Impl } from "./impl";

export type MistakeDef = {
  readonly parts?: CompactParts;
  readonly layer?: (base: Impl) => Impl;
};

export function assemble(defs: readonly MistakeDef[]): Impl {
  const parts: Record<string, unknown> = {};
  for (const def of defs) {
    for (const [key, value] of Object.entries(def.parts ?? {})) {
      if (key in parts) throw new Error(`two mistakes rewrite the same part of compactContext: ${key}`);
      parts[key] = value;
    }
  }
  let impl: Impl = Object.keys(parts).length > 0 ? { ...reference, compactContext: compactWith(parts) as Impl["compactContext"] } : reference;
  for (const def of defs) if (def.layer) impl = def.layer(impl);
  return impl;
}

/** An implementation that can be assembled with any subset of its planted mistakes. */
export type Maker = {
  /** The implementation with the mistakes `enabled` (ids), and no other. */
  (enabled: ReadonlySet<string>): Impl;
  /** The ids of its mistakes. */
  readonly ids: readonly string[];
  /** The implementation as submitted: every mistake planted. */
  all(): Impl;
  /** Its mistakes as parts and layers, when it was made by `maker` (so that another implementation can plant them too). */
  readonly defs?: Readonly<Record<string, MistakeDef>>;
};

/** A Maker from a function of the enabled ids. */
export function makerOf(ids: readonly string[], build: (enabled: ReadonlySet<string>) => Impl): Maker {
  const make = (enabled: ReadonlySet<string>) => {
    for (const id of enabled) if (!ids.includes(id)) throw new Error(`no mistake ${id}`);
    return build(enabled);
  };
  return Object.assign(make, { ids, all: () => make(new Set(ids)) });
}

/** The Maker of an implementation whose mistakes are `defs`, by id. */
export function maker(defs: Readonly<Record<string, MistakeDef>>): Maker {
  const ids = Object.keys(defs);
  return Object.assign(
    makerOf(ids, (enabled) => assemble(ids.filter((id) => enabled.has(id)).map((id) => defs[id]))),
    { defs },
  );
}
