// A units mistake and a boundary mistake: the student counts code points with a regular
// expression for well-formed characters, so a lone surrogate counts 0 (in their
// estimateContextUnits and in their boundary, which uses their estimator), and their boundary
// walks the transcript message by message, so it may cut inside a tool round.
import { assemble, makerOf } from "../_kit/assemble";
import { unitsMistake15, walkMistake15 } from "../_kit/s15";

export const make = makerOf(["lone-surrogate-zero", "cuts-by-message"], (enabled) => {
  const units = enabled.has("lone-surrogate-zero") ? { loneSurrogateZero: true } : {};
  const walk = enabled.has("cuts-by-message") ? { cutsByMessage: true } : {};
  if (enabled.size === 0) return assemble([]);
  return assemble([...(enabled.has("lone-surrogate-zero") ? [unitsMistake15(units)] : []), walkMistake15(walk, units)]);
});
