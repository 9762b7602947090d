// Bundles each built service (services/<name>/dist/main.js, after tsc -b) into one file beside it,
// services/<name>/dist/main.bundle.mjs, which the images, `npm start` and the tests run. A service's ~800 module
// files cost Node as much to find, read and link as to compile: the bundle takes ~40 % less CPU to start (the
// gateway 1.32 CPU-s as files, 0.81 bundled), paid at every start, restart and new replica.
// The command-line tool (services/cli) is bundled the same way, to services/cli/dist/main.bundle.mjs (its bin), each
// command's code in chunks loaded when it runs: the tests run it ~310 times, and every run is a Node start whose
// module files cost CPU as a service's do (docs/benchmarks/cli-startup.md).
// Usage: node scripts/bundle-services.mjs [service …]   (default: every service with a dist/main.js, and the CLI)
import { existsSync, readdirSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { basename, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

// Left to Node at run time: native addons, packages that read files beside their own modules (__dirname, proto
// files, worker scripts), pdf.js (loaded on demand by @turnleaf/kit/pdfjs), OpenTelemetry and the libraries its
// instrumentations patch as Node loads them (gRPC, the MongoDB driver, mongoose, pino: bundled, they would not be
// traced), and the MongoDB driver's optional native companions.
export const external = [
  "@grpc/grpc-js",
  "mongodb",
  "mongoose",
  "sharp",
  "koffi",
  "@napi-rs/canvas",
  "@julusian/jpeg-turbo",
  "@embedpdf/pdfium",
  "pdfjs-dist",
  "pdfjs-dist/*",
  "grpc-health-check",
  "@grpc/reflection",
  "@grpc/proto-loader",
  "pino",
  "thread-stream",
  "@opentelemetry/*",
  "mongodb-client-encryption",
  "kerberos",
  "snappy",
  "@mongodb-js/zstd",
  "gcp-metadata",
  "socks",
  "aws4",
  "@aws-sdk/credential-providers",
];

// Our own modules find files beside them (the reader's bundle, label catalogues, render workers) from
// import.meta.url: in the bundle each keeps its own file's URL, written relative to the bundle, so the bundle
// works wherever the tree is (the repository, /app in an image).
const ownModuleUrls = {
  name: "own-module-urls",
  setup(context) {
    const own = /[\\/](services|packages|web|proto)[\\/][^\\/]+[\\/]dist[\\/].*\.js$/;
    context.onLoad({ filter: own }, async (args) => {
      const source = await readFile(args.path, "utf8");
      if (!source.includes("import.meta.url")) return undefined;
      const fromBundle = relative(context.initialOptions.outdir, args.path).split("\\").join("/");
      const url = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
      return { contents: source.replaceAll("import.meta.url", url), loader: "js", resolveDir: dirname(args.path) };
    });
  },
};

/**
 * Bundles one built module and what it imports into `<outdir>/<name>.mjs`, as a service is bundled. What the module
 * imports on demand (`await import(…)`) goes into chunks beside it (`<name>-<hash>.mjs`), loaded when asked: the
 * conversion service starts its first render process before the bulk of its code is even compiled.
 */
export async function bundleModule(entry, outdir, name) {
  for (const file of readdirSync(outdir)) {
    if (file.startsWith(`${name}-`) && /\.mjs(\.map)?$/.test(file)) rmSync(join(outdir, file));
  }
  await build({
    entryPoints: [entry],
    outdir,
    entryNames: name,
    chunkNames: `${name}-[hash]`,
    outExtension: { ".js": ".mjs" },
    splitting: true,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external,
    plugins: [ownModuleUrls],
    // CommonJS dependencies call require(); an ES module has none of its own.
    banner: {
      js: "import { createRequire as bundleRequire } from 'node:module'; const require = bundleRequire(import.meta.url);",
    },
    // Maps without the sources' text: Node reads a bundle's whole map as it loads the bundle (--enable-source-maps)
    // and stack traces need only the mappings (conversion's largest map 5.2 -> 1.7 MB; its import 40-50 -> 30-40 ms
    // slower than without maps).
    sourcemap: "linked",
    sourcesContent: false,
    logLevel: "warning",
  });
}

/**
 * Entry points a service starts as processes of their own, bundled beside their module (`<name>.bundle.mjs`): the
 * conversion's render process, forked at a replica's start, warmed up in 168 against 194 ms from files (median of
 * seven paired forks, native PDFium).
 */
const processEntries = { conversion: ["render/render.worker"] };

const bundle = async (service) => {
  const dist = join(root, "services", service, "dist");
  await bundleModule(join(dist, "main.js"), dist, "main.bundle");
  for (const entry of processEntries[service] ?? []) {
    const module = join(dist, `${entry}.js`);
    await bundleModule(module, dirname(module), `${basename(entry)}.bundle`);
  }
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const services = process.argv.slice(2);
  const chosen =
    services.length > 0
      ? services
      : readdirSync(join(root, "services")).filter((name) =>
          existsSync(join(root, "services", name, "dist", "main.js")),
        );
  await Promise.all(chosen.map(bundle));
  process.stdout.write(`bundled: ${chosen.join(", ")}\n`);
}
