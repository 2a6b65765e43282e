// A deep, comparable picture of a library's input, taken before and after the call: own
// enumerable properties in key order, class names, array holes. Functions and cycles are named,
// not followed. Library messages are class instances, so JSON.stringify alone would miss some.

export function snapshot(value: unknown): string {
  const seen = new Set<object>();
  const walk = (v: unknown, depth: number): unknown => {
    if (typeof v === "function") return "[function]";
    if (typeof v === "bigint") return `${v}n`;
    if (typeof v === "undefined") return "[undefined]";
    if (typeof v === "symbol") return v.toString();
    if (typeof v !== "object" || v === null) return v;
    if (seen.has(v) || depth > 32) return "[seen]";
    seen.add(v);
    const out: Record<string, unknown> = { "[class]": v.constructor?.name ?? "null-prototype" };
    if (Array.isArray(v)) out["[length]"] = v.length;
    for (const key of Object.keys(v).sort()) out[key] = walk((v as Record<string, unknown>)[key], depth + 1);
    seen.delete(v);
    return out;
  };
  return JSON.stringify(walk(value, 0));
}
