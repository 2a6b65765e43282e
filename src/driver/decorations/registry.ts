// Decorations are hostile changes applied to the live input or options after materializing
// (src/scenario/scenario.ts `Decoration`). Each kind lives in its own file and is listed in
// ./index.ts; issue 4 adds kinds by adding files to that list.
import type { Decoration } from "../../scenario/scenario";
import { MapCtor, safeMapGet, safeMapHas, safeMapSet } from "../intrinsics";
import type { HostileCounters } from "../hostile-counters";
import { defineData, pushItem } from "../read";
import { ScenarioError } from "../scenario-error";
import { resolveSite, type DecorationSite } from "./site";

export interface DecorationContext {
  readonly counters: HostileCounters;
  /** The live value at another path of the same argument (an alias points there); set by applyAll. */
  readonly valueAt?: (path: Decoration["path"]) => unknown;
}

export interface DecorationKind {
  readonly kind: string;
  apply(site: DecorationSite, decoration: Decoration, ctx: DecorationContext): void;
}

export interface DecorationRegistry {
  /** Applies every decoration aimed at `target` to `value`; returns the (possibly replaced) root. */
  applyAll(value: unknown, decorations: readonly Decoration[], target: Decoration["target"], ctx: DecorationContext): unknown;
}

export function createDecorationRegistry(kinds: readonly DecorationKind[]): DecorationRegistry {
  const byKind = new MapCtor<string, DecorationKind>();
  for (let i = 0; i < kinds.length; i++) {
    if (safeMapHas(byKind, kinds[i].kind)) throw new Error(`decoration kind ${kinds[i].kind} registered twice`);
    safeMapSet(byKind, kinds[i].kind, kinds[i]);
  }
  return {
    applyAll(value, decorations, target, ctx) {
      const holder = { root: value };
      // Deepest paths first, so that walking to a site never goes through a getter or Proxy
      // that an earlier decoration installed on one of its ancestors. The sort is stable.
      const mine: Decoration[] = [];
      for (let i = 0; i < decorations.length; i++) if (decorations[i].target === target) pushItem(mine, decorations[i]);
      const ordered = stableSortByDepthDesc(mine);
      const here: DecorationContext = { counters: ctx.counters, valueAt: (path) => resolveSite(holder, path, target).get() };
      for (let i = 0; i < ordered.length; i++) {
        const d = ordered[i];
        const kind = safeMapGet(byKind, d.kind);
        if (kind === undefined) throw new ScenarioError(`unknown decoration kind ${d.kind}`);
        kind.apply(resolveSite(holder, d.path, target), d, here);
      }
      return holder.root;
    },
  };
}

function stableSortByDepthDesc(list: Decoration[]): Decoration[] {
  const out: Decoration[] = [];
  for (let i = 0; i < list.length; i++) {
    let j = out.length;
    while (j > 0 && out[j - 1].path.length < list[i].path.length) {
      defineData(out, j, out[j - 1]);
      j--;
    }
    defineData(out, j, list[i]);
  }
  return out;
}
