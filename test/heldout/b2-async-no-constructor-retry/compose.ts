// One mistake (rewrite of the awaiting of the summary): a native promise is observed by applying the intrinsic then once, without the
// retry with a temporary own constructor, so a promise whose own configurable constructor getter
// throws is refused with CONTEXT_ASYNC_VALUE_UNOBSERVABLE instead of giving its text.
import { maker } from "../_kit/assemble";
import { constructorRetryMissing } from "../_kit/b2a";

export const make = maker({ "constructor-retry-missing": constructorRetryMissing });
