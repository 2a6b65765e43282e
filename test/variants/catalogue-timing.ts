import type { Variant } from "./catalogue";
import { compactOutcome, dueContext, exported } from "./witness";

// Variants in when things happen (issue 27 review): the contract fixes the order of §7's steps
// and the points where the signal is read, not whether compactContext does its work before it
// returns its promise, nor when the abort listener is attached (an abort heard during the
// summarizer's own call races the failure that call makes: contract-decisions 12).

export const timingVariants: readonly Variant[] = [
  {
    id: "compaction-in-a-later-job",
    row: "free: when compactContext reads its arguments and calls the summarizer (now or in a later job)",
    description: "compactContext returns its promise first and builds the context, reads the options and calls the summarizer in a later job",
    patches: [
      {
        file: "compaction.ts",
        find: "    try {\n      start(context, options, resolve, reject);\n    } catch (error) {\n      reject(error);\n    }\n",
        replace: "    queueMicrotask(() => {\n      try {\n        start(context, options, resolve, reject);\n      } catch (error) {\n        reject(error);\n      }\n    });\n",
      },
    ],
    witness: {
      run: async (subject) => {
        const { input, options } = dueContext();
        let returned = false;
        let when = "not called";
        const pending = exported(subject, "compactContext")(
          input,
          options({
            summarizer: () => {
              when = returned ? "after compactContext returned" : "before compactContext returned";
              return "summary";
            },
          }),
        );
        returned = true;
        await pending;
        return `summarizer called ${when}`;
      },
      core: "summarizer called before compactContext returned",
      variant: "summarizer called after compactContext returned",
    },
  },
  {
    id: "abort-heard-during-the-call",
    row: "free: an abort racing a summarizer failure within one call (contract-decisions 12)",
    description: "Listens for an abort from just before the summarizer is called, so an abort inside the call wins over the failure the call makes",
    patches: [
      {
        file: "compaction.ts",
        find: "  let value: unknown;\n  try {\n    value = apply(options.summarizer, undefined, [request, summarizerSignal(signal)]);\n  } catch {\n",
        replace:
          "  let value: unknown;\n  const heard = (): void => {\n    try {\n      fail(CANCELLED, \"the signal aborted during the summarizer's call\");\n    } catch (error) {\n      reject(error);\n    }\n  };\n  let listening = false;\n  if (signal !== undefined) {\n    try {\n      signal.addEventListener(\"abort\", heard);\n      listening = true;\n    } catch {\n      // not attachable: the signal is watched as the core does, after the call\n    }\n  }\n  try {\n    value = apply(options.summarizer, undefined, [request, summarizerSignal(signal)]);\n    if (listening) signal!.removeEventListener(\"abort\", heard);\n  } catch {\n    if (listening) signal!.removeEventListener(\"abort\", heard);\n",
      },
    ],
    witness: {
      run: (subject) => {
        const controller = new AbortController();
        return compactOutcome(subject, {
          signal: controller.signal,
          summarizer: () => {
            controller.abort();
            throw new Error("the summarizer failed as it was aborted");
          },
        });
      },
      core: "threw CONTEXT_SUMMARIZER_FAILED",
      variant: "threw CONTEXT_CANCELLED",
    },
  },
];
