// One mistake (rewrite of the reader's collection-item count, in every export that reads a context or transcript): the keys of the contract's own records (the input, a requirement, the summary,
// a message, a content block, a compaction record) are counted as collection items, so a valid
// context of 2,200 messages is refused with CONTEXT_LIMIT_EXCEEDED.
import { maker } from "../_kit/assemble";
import { recordKeysCountedAsItems } from "../_kit/b2a";

export const make = maker({ "record-keys-counted-as-items": recordKeysCountedAsItems });
