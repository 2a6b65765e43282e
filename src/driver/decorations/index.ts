// The decoration kinds the driver knows. Issue 4 adds hostile kinds here (symbol key,
// non-enumerable key, cycle, …), one file each.
import { getterDecoration } from "./getter";
import { holeDecoration } from "./hole";
import { prototypeDecoration } from "./prototype";
import { proxyDecoration } from "./proxy";
import { createDecorationRegistry, type DecorationKind } from "./registry";
import { setterOnlyDecoration } from "./setter-only";

export const decorationKinds: readonly DecorationKind[] = [
  getterDecoration,
  setterOnlyDecoration,
  holeDecoration,
  prototypeDecoration,
  proxyDecoration,
];

export const decorations = createDecorationRegistry(decorationKinds);
export type { DecorationKind, DecorationContext, DecorationRegistry } from "./registry";
export type { DecorationSite } from "./site";
