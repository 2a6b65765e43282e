// §4 units: code points and the structural weights.
export function u(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

export const blank = (s: string): boolean => s.trim().length === 0;

export const W = { requirement: 3, summary: 5, user: 4, assistant: 4, text: 2, toolCall: 6, toolResult: 7 };

export function jsonUnits(v: unknown): number {
  if (v === null) return 1;
  if (v === true) return 5;
  if (v === false) return 6;
  if (typeof v === "number") return 1 + String(v).length;
  if (typeof v === "string") return 1 + u(v);
  if (Array.isArray(v)) return v.reduce((n: number, x) => n + 1 + jsonUnits(x), 2);
  return Object.keys(v as object).reduce((n, k) => n + 1 + u(k) + jsonUnits((v as Record<string, unknown>)[k]), 2);
}
