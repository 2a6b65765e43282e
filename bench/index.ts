// Entry of `npm run bench`: runs every benchmark suite in turn, in one process. A suite
// exports `run(): Promise<boolean>` (true when all its targets pass); adding a suite is one
// line in SUITES.
export {};

type Suite = { run(): Promise<boolean> };

const SUITES: readonly (readonly [string, () => Promise<Suite>])[] = [
  ["core", () => import("./core")],
  ["fuzz-overhead", () => import("./fuzz-overhead")],
  ["grade", () => import("./grade")],
];

// `npm run bench -- core grade` runs only the named suites.
const only = process.argv.slice(2);
let allPass = true;
for (const [name, load] of SUITES) {
  if (only.length > 0 && !only.includes(name)) continue;
  console.log(`\n== ${name} ==`);
  const passed = await (await load()).run();
  console.log(passed ? `${name}: all targets met` : `${name}: a target was missed`);
  allPass &&= passed;
}
if (!allPass) process.exitCode = 1;
