import type { PropertyDefinition } from "../scenario/property";
import { GraderError } from "./errors";

/** `--only a,b`: properties whose id is one of the names or starts with `<name>.` (a family). */
export function selectProperties(all: readonly PropertyDefinition[], only: string | undefined): readonly PropertyDefinition[] {
  if (only === undefined) return all;
  const names = only.split(",").map((n) => n.trim()).filter((n) => n.length > 0);
  const chosen = all.filter((p) => names.some((n) => p.id === n || p.id.startsWith(`${n}.`)));
  if (chosen.length === 0) throw new GraderError("USAGE", `--only ${JSON.stringify(only)} matches no property; give ids or families (e.g. units,compaction.request-exact).`);
  return chosen;
}
