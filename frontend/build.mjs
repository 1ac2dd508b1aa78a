// `make frontend`: the lean front end's sources (src/) bundled, minified, into the kit's
// static folder (lean.js and lean.css), the files the server sends the pages.
import * as esbuild from "esbuild";
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const out = here("../hordes_kit/serve/static/");
for (const name of readdirSync(out)) rmSync(out + name); // (a font of an older build)

await esbuild.build({
  entryPoints: [here("src/index.js")],
  outfile: out + "lean.js",
  bundle: true,
  minify: true,
  format: "esm",
  target: ["es2020"],
  legalComments: "none",
  alias: { "sanitize-html": here("src/sanitize.js") },
  define: { "process.env.NODE_ENV": '"production"' },
  // the icons' font beside them, its name carrying its content's hash (kept a year)
  loader: { ".woff": "file", ".woff2": "file", ".svg": "dataurl", ".png": "dataurl" },
  assetNames: "[name]-[hash]",
  logLevel: "warning",
});

// What was built from what: the digest of the sources (src/, this script, the package
// files) and of each built file. tests/test_lean_frontend.py recomputes both, so a source
// changed without `make frontend` (or a built file edited by hand) fails the tests.
function digest(root, names) {
  const hash = createHash("sha256");
  for (const name of names) {
    hash.update(name + "\0");
    hash.update(readFileSync(root + name));
    hash.update("\0");
  }
  return hash.digest("hex");
}
const sources = [
  "build.mjs",
  "package.json",
  "package-lock.json",
  ...readdirSync(here("src/")).map((n) => "src/" + n),
].sort();
const built = readdirSync(out).sort();
const record = {
  sources: digest(here("./"), sources),
  files: Object.fromEntries(built.map((n) => [n, digest(out, [n])])),
};
writeFileSync(out + "BUILT.json", JSON.stringify(record, null, 1) + "\n");
