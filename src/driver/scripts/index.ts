// The summarizer script kinds the driver knows. Issue 4 adds hostile async scripts here
// (a `then` getter that throws, a Proxy around a native promise, a locked constructor, …).
import { neverScript } from "./never";
import { createScriptRegistry, type ScriptKind } from "./registry";
import { rejectScript } from "./reject";
import { textScript } from "./text";
import { thenableChainScript } from "./thenable-chain";
import { throwScript } from "./throw";
import { valueScript } from "./value";

export const scriptKinds: readonly ScriptKind[] = [
  textScript,
  valueScript,
  throwScript,
  rejectScript,
  neverScript,
  thenableChainScript,
];

export const scripts = createScriptRegistry(scriptKinds);
export type { ScriptKind, ScriptContext, ScriptRegistry } from "./registry";
