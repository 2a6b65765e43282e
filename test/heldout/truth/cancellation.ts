// Mistakes in cancellation (§7 steps 3, 5, 6, 8), with their witnesses.
import { abortedSignal, compact, compactCounting, options, usersInput } from "../_witness/fixtures";
import type { Mistake } from "./types";


export const signalDroppedAfterStart: Mistake = {
  id: "signal-dropped-after-start",
  says: "Once the summarizer has been called the signal is no longer watched, so an abort while the summary is pending is ignored; an abort while waiting must reject with CONTEXT_CANCELLED.",
  breaks: "§7 step 5 (await the returned value while watching the signal: an abort while waiting → CONTEXT_CANCELLED)",
  criterion: "cancellation",
  witness: {
    call: "compactContext(4 users, { signal }) with a summarizer whose promise, in a later microtask, aborts the signal and then resolves 'sum'",
    run: (m) => {
      const controller = new AbortController();
      const summarizer = () =>
        new Promise((resolve) =>
          queueMicrotask(() => {
            controller.abort();
            resolve("sum");
          }),
        );
      return compact(m, usersInput(4), options(summarizer, { signal: controller.signal }));
    },
    expected: { error: "CONTEXT_CANCELLED" },
  },
};

export const abortCheckedAfterCall: Mistake = {
  id: "abort-checked-after-call",
  says: "An already aborted signal is noticed only after the summarizer has been called; step 3 must reject with CONTEXT_CANCELLED before the summarizer is called.",
  breaks: "§7 step 3 (signal already aborted → CONTEXT_CANCELLED), before step 4",
  criterion: "cancellation",
  witness: {
    call: "compactContext(4 users, { signal: aborted }) with a summarizer that throws, counting its calls",
    run: (m) =>
      compactCounting(m, usersInput(4), { signal: abortedSignal() }, () => {
        throw new Error("called");
      }),
    expected: { outcome: { error: "CONTEXT_CANCELLED" }, calls: 0 },
  },
};

export const abortReasonThrown: Mistake = {
  id: "abort-reason-thrown",
  says: "On cancellation the promise rejects with the signal's reason (an AbortError); it must reject with a ContextCompactionError whose code is CONTEXT_CANCELLED.",
  breaks: "§7 step 3 (→ CONTEXT_CANCELLED); §1 (every failure is a ContextCompactionError)",
  criterion: "cancellation",
  witness: {
    call: "compactContext(4 users, { signal: aborted })",
    run: (m) => compact(m, usersInput(4), options(() => "sum", { signal: abortedSignal() })),
    expected: { error: "CONTEXT_CANCELLED" },
  },
};

export const duckTypedSignal: Mistake = {
  id: "duck-typed-signal",
  says: "Any object with a boolean aborted is accepted as options.signal; only a genuine AbortSignal is, anything else is refused with CONTEXT_INVALID_INPUT.",
  breaks: "§7 options (signal: optional genuine AbortSignal; a bad signal → CONTEXT_INVALID_INPUT)",
  criterion: "cancellation",
  witness: {
    call: "compactContext(4 users, { signal: { aborted: false } })",
    run: (m) => compact(m, usersInput(4), options(() => "sum", { signal: { aborted: false } })),
    expected: { error: "CONTEXT_INVALID_INPUT" },
  },
};

export const abortDuringCallLost: Mistake = {
  id: "abort-during-call-lost",
  says: "An abort made while the summarizer is running is not noticed when it returns, so with a promise that never settles the call hangs; the signal is read when the value is received and the call rejects with CONTEXT_CANCELLED.",
  breaks: "§7 step 5 (await the value while watching the signal: an abort while waiting → CONTEXT_CANCELLED)",
  criterion: "cancellation",
  witness: {
    call: "compactContext(4 users, { signal }) with a summarizer that aborts the signal and returns a promise that never settles",
    run: (m) => {
      const controller = new AbortController();
      const summarizer = () => {
        controller.abort();
        return new Promise(() => {});
      };
      return compact(m, usersInput(4), options(summarizer, { signal: controller.signal }));
    },
    expected: { error: "CONTEXT_CANCELLED" },
  },
};
