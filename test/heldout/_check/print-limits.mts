// Prints src/core's outcome on every limit case (to read them).
import { LIMIT_CASES } from "./limits";
import { reference } from "../_kit/impl";
for (const c of LIMIT_CASES) console.log(`${c.label}: ${JSON.stringify(await c.run(reference))}`);
