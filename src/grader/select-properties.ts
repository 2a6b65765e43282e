import type { PropertyDefinition } from "../scenario/property";
import { GraderError } from "./errors";

/**
 * `--only a,b`: properties whose id is one of the names or starts with `<name>.` (a family).
 * Every name must match something: an unknown name is a usage error naming it (a typo must not
 * silently grade fewer properties), with the families and, for `family.x`, that family's ids.
 */
export function selectProperties(all: readonly PropertyDefinition[], only: string | undefined): readonly PropertyDefinition[] {
  if (only === undefined) return all;
  const names = only.split(",").map((n) => n.trim()).filter((n) => n.length > 0);
  const matches = (p: PropertyDefinition, n: string) => p.id === n || p.id.startsWith(`${n}.`);
  const unknown = names.filter((n) => !all.some((p) => matches(p, n)));
  if (names.length === 0 || unknown.length > 0) throw new GraderError("USAGE", unknownMessage(all, only, unknown));
  return all.filter((p) => names.some((n) => matches(p, n)));
}

function unknownMessage(all: readonly PropertyDefinition[], only: string, unknown: readonly string[]): string {
  const families = [...new Set(all.map((p) => p.family))];
  const head = unknown.length === 0 ? `--only ${JSON.stringify(only)} names no property` : `--only: unknown ${unknown.length === 1 ? "property or family" : "properties or families"} ${unknown.map((n) => JSON.stringify(n)).join(", ")}`;
  const idsOf = (family: string) => all.filter((p) => p.family === family).map((p) => p.id);
  const hinted = [...new Set(unknown.map((n) => n.split(".")[0]!).filter((f) => families.includes(f)))];
  const ids = hinted.map((f) => ` Properties of ${f}: ${idsOf(f).join(", ")}.`).join("");
  return `${head}. Families: ${families.join(", ")}; a property id is <family>.<name> (docs/properties.md lists them all).${ids}`;
}
