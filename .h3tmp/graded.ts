import { bundleMutant } from "../test/mutants/loader";
import { variants } from "../test/variants/catalogue";
const core = await bundleMutant(null, "graded");
console.log("core graded length", core.length, /userMessage|validateTranscript|textFromAssistant/.test(core));
for (const v of variants) { const b = await bundleMutant(v, "graded"); console.log(v.id, b === core ? "IDENTICAL" : "differs", b.length); }
