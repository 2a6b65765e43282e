import { build } from "esbuild";
import { CORE_DIR, patchedSources } from "../test/mutants/patch";
import { variants } from "../test/variants/catalogue";
async function b(set: any) {
  const sources = set ? patchedSources(set) : new Map();
  const r = await build({ stdin: { contents: `export { buildActiveContext, groupToolRounds, estimateContextUnits, selectCompactionBoundary, ContextCompactionError } from "./index";`, resolveDir: CORE_DIR, loader: "ts" }, bundle: true, format: "esm", platform: "node", target: "node20", write: false, logLevel: "silent",
    plugins: [{ name: "p", setup(pb) { pb.onLoad({ filter: /\.ts$/ }, (a) => { if (!a.path.startsWith(CORE_DIR)) return undefined; const c = sources.get(a.path.slice(CORE_DIR.length)); return c === undefined ? undefined : { contents: c, loader: "ts" }; }); } }] });
  return r.outputFiles[0]!.text;
}
const core = await b(null);
for (const v of variants) console.log(v.id, (await b(v)) === core ? "SYNC-IDENTICAL" : "sync differs");
