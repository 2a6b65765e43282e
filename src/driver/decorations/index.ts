// The decoration kinds the driver knows. Issue 4 adds hostile kinds here (symbol key,
// non-enumerable key, cycle, …), one file each.
import { aliasDecoration } from "./alias";
import { cycleDecoration } from "./cycle";
import { frozenDecoration } from "./frozen";
import { getterDecoration } from "./getter";
import { holeDecoration } from "./hole";
import { nonEnumerableDecoration } from "./non-enumerable";
import { prototypeDecoration } from "./prototype";
import { proxyDecoration } from "./proxy";
import { createDecorationRegistry, type DecorationKind } from "./registry";
import { setterOnlyDecoration } from "./setter-only";
import { symbolKeyDecoration } from "./symbol-key";
import { valueDecoration } from "./value";

export const decorationKinds: readonly DecorationKind[] = [
  getterDecoration,
  setterOnlyDecoration,
  holeDecoration,
  prototypeDecoration,
  proxyDecoration,
  symbolKeyDecoration,
  nonEnumerableDecoration,
  cycleDecoration,
  aliasDecoration,
  valueDecoration,
  frozenDecoration,
];

export const decorations = createDecorationRegistry(decorationKinds);
export type { DecorationKind, DecorationContext, DecorationRegistry } from "./registry";
export type { DecorationSite } from "./site";
