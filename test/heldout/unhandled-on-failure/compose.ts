// One mistake (wrapper): the student attaches a cleanup with `promise.finally(cleanup)` and
// returns the original promise, so every failure leaves the promise returned by finally
// rejected and unhandled: an unhandledRejection reaches the process.
import { maker } from "../_kit/assemble";
import type { Impl } from "../_kit/impl";

function layer(base: Impl): Impl {
  return {
    ...base,
    compactContext: (input, options) => {
      const promise = base.compactContext(input, options);
      void promise.finally(() => {});
      return promise;
    },
  };
}

export const make = maker({ "unhandled-on-failure": { layer } });
