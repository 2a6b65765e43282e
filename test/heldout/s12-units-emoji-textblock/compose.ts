// Two units mistakes in the student's own estimateContextUnits (rewrite, over the validated
// context): u(s) taken as s.length (UTF-16 code units, so an emoji counts 2), and a text block
// counted without its structural 2. compactContext counts with the reference.
import { assemble, makerOf } from "../_kit/assemble";
import { unitsMistake } from "../_kit/s12";

const FLAGS = { "u-utf16-code-units": "utf16", "text-block-base-missing": "textBlockBaseMissing" } as const;

export const make = makerOf(Object.keys(FLAGS), (enabled) => {
  const flags = Object.fromEntries(Object.entries(FLAGS).filter(([id]) => enabled.has(id)).map(([, flag]) => [flag, true]));
  return assemble(Object.keys(flags).length === 0 ? [] : [unitsMistake(flags)]);
});
