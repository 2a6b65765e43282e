// The screenshot of the HTML report in docs/ and the README: after `npm start` (which writes
// reports/report.html), `npx tsx scripts/report-screenshot.ts [reports/report.html] [docs/report-screenshot.png] [width]`
// (docs/report-420px.png: `npx tsx scripts/report-screenshot.ts reports/report.html docs/report-420px.png 420`).
import { resolve } from "node:path";
import { withPage } from "../test/report/browser";

const input = resolve(process.argv[2] ?? "reports/report.html");
const output = resolve(process.argv[3] ?? "docs/report-screenshot.png");
const width = Number(process.argv[4] ?? 1100);
await withPage(input, (page) => page.screenshot({ path: output, fullPage: false }), { width, height: width < 600 ? 1600 : 1500 });
console.log(`wrote ${output}`);
