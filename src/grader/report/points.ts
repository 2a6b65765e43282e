/** Points as reports print them: whole numbers as they are, others with two decimals. */
export function points(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}
