// The red-team pass's probe (docs/security.md, "Red-team pass"): runs one submission in the real
// sandboxed child (the child program, the confinement of this machine) and prints everything it
// writes, stdout, stderr and replies in full, which a grade keeps only an excerpt of.
//   npx tsx scripts/redteam/run-child.ts <submission> [scenarios as JSON]   (RT_MS: how long, default 6000)
import { spawn } from "node:child_process";
import { mkdtempSync, chmodSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { bundleChildEntry } from "../../src/grader/sandbox/child-bundle";
import { bundleSubmission, resolveSubmissionEntry, defaultImportRoot } from "../../src/grader/sandbox/bundle";
import { planSandbox, DEFAULT_LIMITS } from "../../src/grader/sandbox/plan";

const submission = process.argv[2]!;
const scenarios = JSON.parse(process.argv[3] ?? '[{"operation":{"kind":"units","prebuilt":false,"input":{"messages":[{"id":"a","role":"user","content":"hi"}]}}}]');
const dir = mkdtempSync(join(tmpdir(), "rt-"));
chmodSync(dir, 0o755);
const entry = await bundleChildEntry(join(dir, "child.mjs"));
const sub = await bundleSubmission(resolveSubmissionEntry(submission), join(dir, "submission.mjs"), { root: defaultImportRoot(submission), timeoutMs: 10000 });
if (!sub.ok) { console.log("BUNDLE", sub.message); process.exit(0); }
chmodSync(join(dir, "submission.mjs"), 0o644); chmodSync(entry, 0o644);
const plan = planSandbox(entry, pathToFileURL(sub.file).href, dir, DEFAULT_LIMITS);
const child = spawn(plan.command, [...plan.args], { stdio: ["pipe", "pipe", "pipe", "pipe"], env: { PATH: process.env.PATH ?? "" } });
child.stdout!.on("data", (c) => process.stdout.write("[out] " + c));
child.stderr!.on("data", (c) => process.stdout.write("[err] " + c));
let replies = 0;
(child.stdio[3] as any).on("data", (c: Buffer) => { process.stdout.write("[reply] " + c.toString().slice(0, 3000) + "\n"); replies++; });
child.stdin!.write(JSON.stringify({ type: "hello", key: "K" }) + "\n");
setTimeout(() => child.stdin!.write(JSON.stringify({ type: "observe", id: 1, scenarios, timeoutMs: 2000 }) + "\n"), 1500);
setTimeout(() => { child.kill("SIGKILL"); process.exit(0); }, Number(process.env.RT_MS ?? 6000));
