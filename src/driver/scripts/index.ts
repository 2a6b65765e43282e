// The summarizer script kinds the driver knows. Issue 4 adds hostile async scripts here
// (a `then` getter that throws, a Proxy around a native promise, a locked constructor, …).
import { forgedErrorScript } from "./forged-error";
import { lockedPromiseScript } from "./locked-promise";
import { nestedPromiseScript } from "./nested-promise";
import { neverScript } from "./never";
import { lateThenableScript } from "./late-thenable";
import { promiseLookupThrowsScript } from "./promise-lookup-throws";
import { promiseReachedAgainScript } from "./promise-reached-again";
import { proxyPromiseScript } from "./proxy-promise";
import { proxyValueScript } from "./proxy-value";
import { redefinedPromiseGlobalScript } from "./redefined-promise-global";
import { createScriptRegistry, type ScriptKind } from "./registry";
import { rejectScript } from "./reject";
import { resolversMisusedScript } from "./resolvers-misused";
import { textScript } from "./text";
import { thenGetterDeliversScript } from "./then-getter-delivers";
import { thenGetterThrowsScript } from "./then-getter-throws";
import { thenReturnsLockedScript } from "./then-returns-locked";
import { thenReturnsRejectingScript } from "./then-returns-rejecting";
import { thenThrowsScript } from "./then-throws";
import { thenableTwiceScript } from "./thenable-twice";
import { thenableChainScript } from "./thenable-chain";
import { throwScript } from "./throw";
import { undefinedDeliveredScript } from "./undefined-delivered";
import { valueScript } from "./value";

export const scriptKinds: readonly ScriptKind[] = [
  textScript,
  valueScript,
  throwScript,
  rejectScript,
  neverScript,
  thenableChainScript,
  // issue 4, item 2: hostile async values
  nestedPromiseScript,
  thenGetterThrowsScript,
  thenGetterDeliversScript,
  thenThrowsScript,
  thenReturnsRejectingScript,
  thenableTwiceScript,
  proxyPromiseScript,
  lockedPromiseScript,
  forgedErrorScript,
  // issue 5: survivors of the mutation run in observe-async.ts (properties/strength-async-options.ts)
  redefinedPromiseGlobalScript,
  resolversMisusedScript,
  promiseReachedAgainScript,
  proxyValueScript,
  // issue 12: the retry through a temporary own constructor (properties/strength-async-options.ts)
  promiseLookupThrowsScript,
  lateThenableScript,
  thenReturnsLockedScript,
  // session 20: a thenable's resolve(undefined) is a delivered value (properties/strength-async-options.ts)
  undefinedDeliveredScript,
];

export const scripts = createScriptRegistry(scriptKinds);
export type { ScriptKind, ScriptContext, ScriptRegistry } from "./registry";
