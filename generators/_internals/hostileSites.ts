import type { Json, Path } from "../../src/scenario/data";
import type { Decoration } from "../../src/scenario/scenario";
import { effectOf, type Effect } from "../../src/model/hostile-effects";
import { inputSite, optionsSite, type Site } from "../../src/model/hostile-sites";

// Every place of a scenario value where a decoration of a given kind is meaningful, found by
// walking the data and asking the model's site reading what the contract makes of it there.
// Placements the contract leaves open (the model refuses them) are never offered.

export interface Placement {
  readonly decoration: Decoration;
  readonly site: Site;
  readonly effect: Effect;
}

/** Every path of a Json value, the root first, parents before children. */
export function allPaths(value: Json, path: Path = []): Path[] {
  const out: Path[] = [path];
  if (Array.isArray(value)) value.forEach((item, i) => out.push(...allPaths(item, [...path, i])));
  else if (value !== null && typeof value === "object" && !Object.hasOwn(value, "$cc")) {
    for (const key of Object.keys(value)) out.push(...allPaths(value[key]!, [...path, key]));
  }
  return out;
}

function decided(decoration: Decoration, site: Site): Placement | null {
  try {
    return { decoration, site, effect: effectOf(decoration, site) };
  } catch {
    return null;
  }
}

/** Placements of `template` (kind and extra fields) at every path of an input. */
export function inputPlacements(input: Json, rootKind: "context" | "transcript", template: Omit<Decoration, "target" | "path">): Placement[] {
  const out: Placement[] = [];
  for (const path of allPaths(input)) {
    const decoration = { ...template, target: "input", path } as Decoration;
    const placed = decided(decoration, inputSite(input, path, rootKind));
    if (placed !== null && applicable(String(template.kind), placed.site)) out.push(placed);
  }
  return out;
}

/** Placements on the options of a boundary/compact operation (the root and each field). */
export function optionsPlacements(options: Json, compact: boolean, template: Omit<Decoration, "target" | "path">): Placement[] {
  const fields = compact
    ? ["targetUnits", "summaryMaxUnits", "retainRecentMessages", "maxUnits", "summaryId", "recordId", "summarizer"]
    : ["targetUnits", "summaryMaxUnits", "retainRecentMessages"];
  // A function put in the summarizer's place is the summarizer: calling it is right.
  const isFunction = template.kind === "value" && JSON.stringify(template.value) === '{"$cc":"function"}';
  const paths: Path[] = [[], ...fields.filter((f) => !(isFunction && f === "summarizer")).map((f) => [f])];
  const out: Placement[] = [];
  for (const path of paths) {
    const decoration = { ...template, target: "options", path } as Decoration;
    const placed = decided(decoration, optionsSite(options, path, compact));
    if (placed !== null && applicable(String(template.kind), placed.site)) out.push(placed);
  }
  return out;
}

/** What the driver can do at a site: property kinds need a property, object kinds an object. */
function applicable(kind: string, site: Site): boolean {
  const isObject = site.value !== null && typeof site.value === "object" && !Object.hasOwn(site.value, "$cc");
  switch (kind) {
    case "proxy":
    case "prototype":
    case "symbolKey":
      return isObject || (site.place === "root" && site.kind === "options");
    case "hole":
      return site.place === "item" || site.place === "argsItem";
    default:
      return site.place !== "root";
  }
}
