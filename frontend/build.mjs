// `make frontend`: the lean front end's sources (src/) bundled, minified, into the kit's
// static folder (lean.js and lean.css), the files the server sends the pages.
import * as esbuild from "esbuild";
import { fileURLToPath } from "node:url";

const here = (p) => fileURLToPath(new URL(p, import.meta.url));

await esbuild.build({
  entryPoints: [here("src/index.js")],
  outfile: here("../hordes_kit/serve/static/lean.js"),
  bundle: true,
  minify: true,
  format: "esm",
  target: ["es2020"],
  legalComments: "none",
  alias: { "sanitize-html": here("src/sanitize.js") },
  define: { "process.env.NODE_ENV": '"production"' },
  loader: { ".woff": "file", ".woff2": "file", ".svg": "dataurl", ".png": "dataurl" },
  logLevel: "warning",
});
