// Uma's own record writer (contract §7 step 8): the record's ids and the units before and after,
// worked out by her own size helper (`sizeOf`, the §4 table written out) from the old context and
// from the new one. Planted mistakes are flags.
import { codePoints } from "../../../src/core/units";
import type { ContextInfo } from "../../../src/core/registry";
import type { CompactOptions } from "../../../src/core/options";
import type { CompactionRecord } from "../../../src/core/types";

type Json = null | boolean | number | string | readonly Json[] | { readonly [k: string]: Json };
type Block = { type: "text"; text: string } | { type: "toolCall"; id: string; name: string; arguments: { readonly [k: string]: Json } };
type Message =
  | { id: string; role: "user"; content: string }
  | { id: string; role: "assistant"; content: readonly Block[] }
  | { id: string; role: "toolResult"; toolCallId: string; toolName: string; content: string; isError: boolean };
type Sized = {
  readonly requirements: readonly { id: string; content: string }[];
  readonly summary: { id: string; content: string } | null;
  readonly messages: readonly Message[];
};

const u = codePoints;
const freeze = Object.freeze;

export class RecordWriter {
  constructor(private readonly flags: ReadonlySet<string>) {}

  json(value: Json): number {
    if (value === null) return 1;
    if (typeof value === "boolean") return value ? 5 : 6;
    if (typeof value === "number") return 1 + String(value).length;
    if (typeof value === "string") return 1 + u(value);
    let n = 2;
    if (Array.isArray(value)) for (const item of value as readonly Json[]) n += 1 + this.json(item);
    else for (const key of Object.keys(value)) n += 1 + u(key) + this.json((value as { readonly [k: string]: Json })[key]);
    return n;
  }

  block(block: Block): number {
    if (block.type === "text") return 2 + u(block.text);
    // [planted record-units-without-arguments] her size helper prices a tool call by its id and name only, leaving J(arguments) out
    const args = this.flags.has("record-units-without-arguments") ? 0 : this.json(block.arguments);
    return 6 + u(block.id) + u(block.name) + args;
  }

  message(message: Message): number {
    if (message.role === "user") return 4 + u(message.id) + u(message.content);
    if (message.role === "toolResult") return 7 + u(message.id) + u(message.toolCallId) + u(message.toolName) + u(message.content);
    let n = 4 + u(message.id);
    for (const block of message.content) n += this.block(block);
    return n;
  }

  /** Units of a context (§4): requirements, the summary, the messages; records cost nothing. */
  sizeOf(context: Sized): number {
    let n = 0;
    for (const r of context.requirements) n += 3 + u(r.id) + u(r.content);
    if (context.summary !== null) n += 5 + u(context.summary.id) + u(context.summary.content);
    for (const m of context.messages) n += this.message(m);
    return n;
  }

  /** The record of a compaction that cut the old context at `boundary` and summarized the prefix as `text`. */
  write(info: ContextInfo, boundary: number, text: string, options: CompactOptions): CompactionRecord {
    const old = info.context as unknown as Sized;
    const ids = old.messages.slice(0, boundary).map((m) => m.id);
    // [planted compacted-ids-sorted] the compacted ids are sorted ("records are easier to compare that way"), not kept in transcript order
    if (this.flags.has("compacted-ids-sorted")) ids.sort();
    const after: Sized = {
      requirements: old.requirements,
      summary: { id: options.summaryId, content: text },
      messages: old.messages.slice(boundary),
    };
    return {
      id: options.recordId,
      summaryId: options.summaryId,
      boundary,
      compactedMessageIds: freeze(ids),
      unitsBefore: this.sizeOf(old),
      unitsAfter: this.sizeOf(after),
    };
  }
}
