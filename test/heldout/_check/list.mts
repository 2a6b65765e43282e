// One line per implementation of the manifest: id, form, mistakes (with their criteria).
import { HELDOUT } from "../manifest";
for (const impl of HELDOUT) console.log(`${impl.id} (${impl.form}): ${impl.mistakes.map((m) => `${m.id} [${m.criterion}]`).join("; ")}`);
