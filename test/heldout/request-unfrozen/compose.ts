// One mistake (wrapper): the student hands the summarizer a request built with an object
// literal and never freezes it (`summarizer({ ...request }, signal)`), so the summarizer can
// change the request; the contract requires a frozen request.
import { maker } from "../_kit/assemble";
import { wrapSummarizer } from "../_kit/data";
import type { Impl } from "../_kit/impl";

function layer(base: Impl): Impl {
  return {
    ...base,
    compactContext: (input, options) =>
      base.compactContext(
        input,
        wrapSummarizer(options, (summarizer) => (request, signal) => summarizer({ ...(request as object) }, signal)),
      ),
  };
}

export const make = maker({ "request-unfrozen": { layer } });
