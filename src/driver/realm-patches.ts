// Changes a summarizer script makes to the realm's own built-ins (Promise.prototype.constructor,
// Promise[Symbol.species]) last only while the subject runs synchronously: the driver undoes
// them as soon as its call of a subject export returns or throws (operations/env.ts `call`),
// before any driver code could `await` under them. A change made outside such a call (a
// summarizer the subject calls later) is undone in the next microtask at the latest. The
// realm is shared by everything in the process, so the record is too; observations are serial.
import { apply, queueMicrotaskIntrinsic } from "./intrinsics";
import { pushItem } from "./read";

let pending: (() => void)[] = [];

/** Registers the undo of a change just made; it runs exactly once. */
export function undoAfterCall(undo: () => void): void {
  let undone = false;
  const once = (): void => {
    if (undone) return;
    undone = true;
    apply(undo, undefined, []);
  };
  pushItem(pending, once);
  queueMicrotaskIntrinsic(once);
}

/** Undoes every registered change, the latest first (each restores what it found). */
export function undoRealmPatches(): void {
  const list = pending;
  pending = [];
  for (let i = list.length - 1; i >= 0; i--) list[i]();
}
