// The screenshot of the HTML report in docs/ and the README: after `npm start` (which writes
// reports/report.html), `npx tsx scripts/report-screenshot.ts [reports/report.html] [docs/report-screenshot.png]`.
import { resolve } from "node:path";
import { withPage } from "../test/report/browser";

const input = resolve(process.argv[2] ?? "reports/report.html");
const output = resolve(process.argv[3] ?? "docs/report-screenshot.png");
await withPage(input, (page) => page.screenshot({ path: output, fullPage: false }), { width: 1100, height: 1500 });
console.log(`wrote ${output}`);
