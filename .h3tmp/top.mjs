import { readFileSync, readdirSync } from "node:fs";
const dir = "/tmp/h3/prof";
const f = readdirSync(dir).filter((x) => x.endsWith(".cpuprofile")).sort()[0];
const p = JSON.parse(readFileSync(`${dir}/${f}`, "utf8"));
const self = new Map(); const byId = new Map(p.nodes.map((n) => [n.id, n]));
const dt = new Map();
for (let i = 0; i < p.samples.length; i++) dt.set(p.samples[i], (dt.get(p.samples[i]) ?? 0) + (p.timeDeltas[i] ?? 0));
const key = (n) => `${n.callFrame.functionName || "(anon)"} ${n.callFrame.url.replace(/.*\/work\/main\//, "")}:${n.callFrame.lineNumber}`;
for (const n of p.nodes) self.set(key(n), (self.get(key(n)) ?? 0) + (dt.get(n.id) ?? 0));
const byFile = new Map();
for (const n of p.nodes) { const u = n.callFrame.url.replace(/.*\/work\/main\//, "").replace(/^file:\/\//, ""); byFile.set(u, (byFile.get(u) ?? 0) + (dt.get(n.id) ?? 0)); }
const total = [...self.values()].reduce((a, b) => a + b, 0);
console.log("total ms", total / 1000);
console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([k, v]) => `${(v / 1000).toFixed(0).padStart(6)} ${k}`).join("\n"));
console.log("--- by file");
console.log([...byFile].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([k, v]) => `${(v / 1000).toFixed(0).padStart(6)} ${k}`).join("\n"));
