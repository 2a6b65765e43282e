import type { Json, Path } from "../scenario/data";
import { isRecord } from "./special";

// Where a decoration lands, in the contract's terms: which channel (the code of a failure
// there, contract §3), and whether the site is a contract field, an array item, a part of
// tool-call arguments, or an extra property (dropped unread, so nothing there matters).

/** The shape the contract gives to the value at a site. */
export type SiteKind =
  | "context"
  | "transcript"
  | "requirementList"
  | "recordList"
  | "idList"
  | "blockList"
  | "requirement"
  | "summary"
  | "compaction"
  | "message"
  | "block"
  | "options"
  /** Tool-call arguments or any value inside them (JSON). */
  | "json"
  | "scalar"
  /** Below an extra property: never read. */
  | "extra";

export type Channel = "input" | "requirements" | "summary" | "messages" | "compactions" | "options";

export type Place = "root" | "field" | "extra" | "item" | "argsKey" | "argsItem";

export interface Site {
  readonly channel: Channel;
  readonly place: Place;
  readonly kind: SiteKind;
  /** The data at the site (undefined for the summarizer/signal the driver adds to options). */
  readonly value: Json | undefined;
}

const LISTS: Partial<Record<SiteKind, SiteKind>> = {
  transcript: "message",
  requirementList: "requirement",
  recordList: "compaction",
  idList: "scalar",
  blockList: "block",
};

const BOUNDARY_OPTIONS = ["targetUnits", "summaryMaxUnits", "retainRecentMessages"];
const COMPACT_OPTIONS = [...BOUNDARY_OPTIONS, "maxUnits", "summaryId", "recordId", "summarizer", "signal"];

/** The contract fields of a record of `kind` holding `value`, each with the kind of its value. */
function fieldsOf(kind: SiteKind, value: Json | undefined): Record<string, SiteKind> {
  const record = isRecord(value) ? value : {};
  switch (kind) {
    case "context":
      return { requirements: "requirementList", summary: "summary", messages: "transcript", compactions: "recordList" };
    case "requirement":
    case "summary":
      return { id: "scalar", content: "scalar" };
    case "compaction":
      return { id: "scalar", summaryId: "scalar", boundary: "scalar", compactedMessageIds: "idList", unitsBefore: "scalar", unitsAfter: "scalar" };
    case "message":
      if (record.role === "assistant") return { id: "scalar", role: "scalar", content: "blockList" };
      if (record.role === "toolResult") {
        return { id: "scalar", role: "scalar", toolCallId: "scalar", toolName: "scalar", content: "scalar", isError: "scalar" };
      }
      return { id: "scalar", role: "scalar", content: "scalar" };
    case "block":
      if (record.type === "toolCall") return { type: "scalar", id: "scalar", name: "scalar", arguments: "json" };
      return { type: "scalar", text: "scalar" };
    default:
      return {};
  }
}

function child(value: Json | undefined, key: string | number): Json | undefined {
  if (Array.isArray(value) && typeof key === "number") return value[key];
  if (isRecord(value) && Object.hasOwn(value, String(key))) return value[String(key)];
  return undefined;
}

/** The site of `path` in an input whose root is a context (or a bare transcript, for groups). */
export function inputSite(root: Json, path: Path, rootKind: "context" | "transcript"): Site {
  let kind: SiteKind = rootKind;
  let value: Json | undefined = root;
  let place: Place = "root";
  let channel: Channel = rootKind === "context" ? "input" : "messages";
  for (let i = 0; i < path.length; i++) {
    const key = path[i];
    if (kind === "scalar") throw new Error(`model: decoration path ${JSON.stringify(path)} goes through a scalar`);
    if (i === 0 && rootKind === "context") {
      channel = key === "requirements" || key === "summary" || key === "messages" || key === "compactions" ? key : channel;
    }
    if (kind === "extra") place = "extra";
    else if (kind === "json") {
      place = Array.isArray(value) ? "argsItem" : "argsKey";
    } else if (LISTS[kind] !== undefined) {
      if (typeof key !== "number") throw new Error(`model: decoration path ${JSON.stringify(path)} uses a key on a list`);
      place = "item";
      kind = LISTS[kind]!;
    } else {
      const fields = fieldsOf(kind, value);
      const name = String(key);
      if (Object.hasOwn(fields, name)) {
        place = "field";
        kind = fields[name]!;
      } else {
        place = "extra";
        kind = "extra";
      }
    }
    value = child(value, key);
  }
  return { channel, place, kind, value };
}

/** The site of `path` in the options of a boundary or compact operation. */
export function optionsSite(options: Json, path: Path, compact: boolean): Site {
  if (path.length === 0) return { channel: "options", place: "root", kind: "options", value: options };
  const name = String(path[0]);
  const known = (compact ? COMPACT_OPTIONS : BOUNDARY_OPTIONS).includes(name);
  if (path.length > 1 || !known) return { channel: "options", place: "extra", kind: "extra", value: child(options, path[0]!) };
  return { channel: "options", place: "field", kind: "scalar", value: child(options, name) };
}

/** A site whose value is a record the contract reads field by field (not an array). */
export function isRecordKind(kind: SiteKind): boolean {
  return ["context", "requirement", "summary", "compaction", "message", "block", "options"].includes(kind);
}

/** A site whose value is one of the contract's arrays. */
export function isListKind(kind: SiteKind): boolean {
  return LISTS[kind] !== undefined;
}

/** Some contract field is present on the record (so its descriptors must be read). */
export function hasContractField(kind: SiteKind, value: Json | undefined): boolean {
  if (!isRecord(value)) return false;
  if (kind === "options") return Object.keys(value).length > 0;
  return Object.keys(fieldsOf(kind, value)).some((name) => Object.hasOwn(value, name));
}
