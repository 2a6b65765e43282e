// Counts of the held-out set by form, by criterion and by number of mistakes (for the README).
import { CRITERIA, HELDOUT } from "../manifest";
const by = <K extends string>(keys: readonly K[], f: (k: K) => number) => keys.map((k) => `${k} ${f(k)}`).join(", ");
const forms = ["wrapper", "edit", "rewrite", "student"] as const;
console.log(`implementations: ${HELDOUT.length}`);
console.log(`by form: ${by(forms, (f) => HELDOUT.filter((i) => i.form === f).length)}`);
const sizes = [...new Set(HELDOUT.map((i) => i.mistakes.length))].sort((a, b) => a - b);
console.log(`by number of mistakes: ${sizes.map((n) => `${n}: ${HELDOUT.filter((i) => i.mistakes.length === n).length}`).join(", ")}`);
const planted = HELDOUT.flatMap((i) => i.mistakes);
console.log(`planted mistakes: ${planted.length} (${new Set(planted.map((m) => m.id)).size} distinct)`);
console.log(`planted by criterion: ${by(CRITERIA, (c) => planted.filter((m) => m.criterion === c).length)}`);
const one = HELDOUT.filter((i) => i.mistakes.length === 1);
console.log(`one-mistake by criterion: ${by(CRITERIA, (c) => one.filter((i) => i.mistakes[0].criterion === c).length)}`);
console.log(`one-mistake by form: ${by(forms, (f) => one.filter((i) => i.form === f).length)}`);
const multi = HELDOUT.filter((i) => i.mistakes.length > 1 && i.form !== "student");
console.log(`multi by form: ${by(forms, (f) => multi.filter((i) => i.form === f).length)}`);
console.log(`multi with two or more mistakes in one criterion: ${multi.filter((i) => new Set(i.mistakes.map((m) => m.criterion)).size < i.mistakes.length).length}`);
