// The median of a list of numbers (0 for none), for the measurements' summaries
// (scripts/heldout/rates.ts, scripts/rubric/loss-rows.ts).
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
