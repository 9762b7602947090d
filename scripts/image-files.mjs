// The files one service's image needs to run, and nothing else (issue #32): the image's /app. The old build stage
// copied the whole production node_modules (306 MB by du -sb) and every workspace's dist into every image
// (docs/benchmarks/image-files.md).
// Usage: node scripts/image-files.mjs <service> <outdir> [--link]
//   (after tsc -b and scripts/bundle-services.mjs; the gateway also needs the reader, editor and offline reader
//   built). <outdir> gets the same relative paths as the repository, so the images' CMD and HEALTHCHECK stay
//   `node --import @turnleaf/kit/telemetry-preload services/<service>/dist/main.bundle.mjs` and
//   `node services/kit/dist/healthcheck.js`. --link hard-links the files instead of copying them (the tests).
//
// Code: what the service's bundle and chunks, the preload and the health check load is found by @vercel/nft
// (node-file-trace): the packages the bundle leaves external (bundle-services.mjs) with the files they reach
// through require/import/__dirname (native addons, proto files). Our own modules that run unbundled are traced as
// entries of their own: the conversion's render worker (a worker thread and a forked process start
// dist/render/render.worker.js) and the command-line tool the gateway's package builds run (services/cli, beside its
// bundle, which the gateway image runs and which is traced as a bundle).
// Data: what the code reads at run time through paths nft cannot follow (a directory read by name, a path built
// from a package's folder) is listed in `data` below, each with the code that reads it.
import { createHash } from "node:crypto";
import { copyFile, link, lstat, mkdir, readdir, readFile, readlink, rm, symlink, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { nodeFileTrace } from "@vercel/nft";
import { external } from "./bundle-services.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** The gRPC services; the gateway is the eighth image. */
const grpcServices = ["book", "power", "upload", "conversion", "licence", "language", "insight"];
export const imageServices = [...grpcServices, "gateway"];

/** Modules our own code runs unbundled, traced with what they import (beside the bundle, which nft traces too). */
const unbundled = {
  // services/kit/src/telemetry-preload.ts registers this hook by name (module.register), which nft cannot see.
  all: ["services/kit/dist/telemetry-preload.js", "node_modules/@opentelemetry/instrumentation/hook.mjs"],
  // The HEALTHCHECK of the grpc and conversion stages.
  grpc: ["services/kit/dist/healthcheck.js"],
  // render/pool.ts (worker thread) and render/render-process.ts (child_process.fork) start it from dist/render/: the
  // forked process its bundle (scripts/bundle-services.mjs), the thread the module.
  conversion: [
    "services/conversion/dist/render/render.worker.js",
    "services/conversion/dist/render/render.worker.bundle.mjs",
  ],
  // TURNLEAF_CLI_MAIN (gateway src/config.ts): the package builds run the command-line tool as a child process, its
  // bundle (bundledWith below). Its modules are traced too: what the bundle's chunks reach by path from their own
  // modules' URLs (createRequire of @turnleaf/resource-files and @turnleaf/language, conversion's render worker) is
  // what the trace of the modules finds.
  gateway: ["services/cli/dist/main.js"],
};

/** Files and folders read at run time by paths nft does not follow, with the code that reads them. */
const data = {
  // The CMD's `--import @turnleaf/kit/telemetry-preload` resolves the workspace's link by name, from /app.
  all: ["package.json", "node_modules/@turnleaf/kit", "services/kit/package.json"],
  // domain/setting-validation.ts: createRequire(…)("@turnleaf/resource-files/resourceFiles/settings/settings.json").
  book: ["web/resource-files/resourceFiles/settings/settings.json"],
  // data/label-files.ts reads dist/labels/{,editor/,messages/}<code>.json (tsc copies them from src/labels).
  language: ["services/language/dist/labels"],
  conversion: [
    // render/pdfjs-document.ts: standardFontDataUrl and cMapUrl, folders beside pdfjs-dist/package.json.
    { resolve: "pdfjs-dist/package.json" },
    { resolve: "pdfjs-dist/package.json", folder: "standard_fonts" },
    { resolve: "pdfjs-dist/package.json", folder: "cmaps" },
    // render/jpeg.ts: @julusian/jpeg-turbo's addon, which pkg-prebuilds finds by platform (prebuilds/<name>-<os>-<cpu>).
    { resolve: "@julusian/jpeg-turbo", folder: `prebuilds/jpeg-turbo-${process.platform}-${process.arch}` },
    // render/pdfium-native.ts: koffi loads its platform package's addon by libc (require(BINARIES[libc])).
    {
      resolve: `@koromix/koffi-${process.platform}-${process.arch}`,
      folder: `${process.platform}_${process.arch}`,
    },
    // render/pdfium.ts: require.resolve("@embedpdf/pdfium/pdfium.wasm"), read with readFile (PDFium's wasm build).
    { resolve: "@embedpdf/pdfium/pdfium.wasm" },
  ],
  gateway: [
    // config.ts: READER_DIST_DIR and EDITOR_DIST_DIR (routes/reader.routes.ts, routes/editor.routes.ts).
    "web/reader/dist",
    "web/editor/dist",
    // routes/resource-files.routes.ts serves @turnleaf/resource-files/node's resourceFilesDir (/resourceFiles/).
    "web/resource-files/resourceFiles",
    // The command-line tool: publish.ts's offline reader (web/reader/dist-offline), version.ts's package.json,
    // i18n/platform-messages.ts's message catalogues (@turnleaf/language's src/labels/messages/<language>.json).
    "web/reader/dist-offline",
    "services/cli/package.json",
    "services/language/package.json",
    "node_modules/@turnleaf/language",
    "services/language/src/labels/messages",
  ],
};

// Never in an image: what only the repository's own tools and tests use. conversion's render pool imports tsx when
// it runs from the TypeScript sources (pool.ts: fromSources), never from dist/.
const devOnly = /^node_modules\/(tsx|esbuild|@esbuild)\//;

const isExternal = (specifier) =>
  external.some((name) =>
    name.endsWith("/*")
      ? specifier.startsWith(name.slice(0, -1))
      : specifier === name || specifier.startsWith(`${name}/`),
  );

/**
 * What nft reads for a bundle: only its imports of the packages bundle-services.mjs leaves external, as
 * `import "…"` (static and dynamic imports) or `require("…")` (CommonJS code in the bundle, and
 * `createRequire(…)("…")`). Parsing a whole 3-6 MB bundle cost nft 1.5-2.5 CPU-s a service, and the URLs of our own
 * modules in it (bundle-services.mjs's own-module-urls) would have it trace their unbundled dist files.
 */
export function bundleImports(source) {
  const imports = new Map();
  const pattern = /(\bfrom\s*|\bimport\s*\(?\s*|\b(?:__)?require\s*\(\s*|\)\s*\(\s*)"([^"\n]+)"/g;
  for (const [, before, specifier] of source.matchAll(pattern)) {
    if (!isExternal(specifier)) continue;
    const kind = /from|import/.test(before) ? "import" : "require";
    imports.set(`${kind} ${specifier}`, { kind, specifier });
  }
  const lines = ['import { createRequire } from "node:module";', "const require = createRequire(import.meta.url);"];
  for (const { kind, specifier } of imports.values()) {
    lines.push(kind === "import" ? `import ${JSON.stringify(specifier)};` : `require(${JSON.stringify(specifier)});`);
  }
  return `${lines.join("\n")}\n`;
}

const listed = (service, table) => [
  ...(table.all ?? []),
  ...(grpcServices.includes(service) ? (table.grpc ?? []) : []),
  ...(table[service] ?? []),
];

/** Bundles an image runs besides its service's: the gateway's package builds run the command-line tool's. */
const bundledWith = { gateway: ["cli"] };

async function bundleFiles(service) {
  const files = [];
  for (const name of [service, ...(bundledWith[service] ?? [])]) {
    const dist = `services/${name}/dist`;
    const names = await readdir(join(root, dist));
    const bundles = names.filter((file) => /^main\.bundle(-[A-Z0-9]+)?\.mjs$/.test(file));
    if (!bundles.includes("main.bundle.mjs")) {
      throw new Error(`image-files: ${dist}/main.bundle.mjs is missing (run scripts/bundle-services.mjs)`);
    }
    files.push(...bundles.map((file) => `${dist}/${file}`));
  }
  return files;
}

/**
 * An entry's repository path: as written, or resolved as the service's code resolves it (`folder`: a path beside
 * the resolved file).
 */
function dataPath(service, entry) {
  if (typeof entry === "string") return entry;
  const resolved = createRequire(join(root, "services", service, "package.json")).resolve(entry.resolve);
  return relative(root, entry.folder ? join(dirname(resolved), entry.folder) : resolved)
    .split(sep)
    .join("/");
}

/** Every file (and symlink) under a path of the repository, relative to it. */
async function walk(path) {
  const stat = await lstat(join(root, path)).catch(() => undefined);
  if (!stat) throw new Error(`image-files: ${path} is missing (is it built?)`);
  if (!stat.isDirectory()) return [path];
  const entries = await readdir(join(root, path), { withFileTypes: true });
  const nested = await Promise.all(entries.map((entry) => walk(`${path}/${entry.name}`)));
  return nested.flat();
}

// A trace is kept (node_modules/.cache/turnleaf-image-files/<service>.json) with a fingerprint of every file it
// found: our own files by content (a build rewrites them, often byte-identical), node_modules files by size and time,
// with the lockfile, this script and nft's version. nft's answer depends only on the files it read, so while none of
// them changed the same trace is the answer: the tests assemble eight images in every run (~15 CPU-s of tracing).
const traceCacheDir = join(root, "node_modules", ".cache", "turnleaf-image-files");
const nftVersion = createRequire(import.meta.url)("@vercel/nft/package.json").version;

async function fingerprint(file) {
  const path = join(root, file);
  const stat = await lstat(path).catch(() => undefined);
  if (!stat) return "missing";
  if (stat.isSymbolicLink()) return `link ${await readlink(path)}`;
  if (stat.isDirectory()) return "folder";
  if (file.startsWith("node_modules/")) return `${stat.size} ${stat.mtimeMs}`;
  return createHash("sha256")
    .update(await readFile(path))
    .digest("base64");
}

const fingerprints = async (files) =>
  Object.fromEntries(await Promise.all(files.map(async (f) => [f, await fingerprint(f)])));

async function reusedTrace(service, entries, trace) {
  const key = createHash("sha256")
    .update(nftVersion)
    .update(JSON.stringify(entries))
    .update(await readFile(fileURLToPath(import.meta.url)))
    .update(await readFile(join(root, "package-lock.json")))
    .digest("base64");
  const saved = join(traceCacheDir, `${service}.json`);
  const kept = await readFile(saved, "utf8")
    .then((text) => JSON.parse(text))
    .catch(() => undefined);
  if (kept?.key === key) {
    const now = await fingerprints(Object.keys(kept.files));
    if (Object.entries(kept.files).every(([file, print]) => now[file] === print)) return Object.keys(kept.files);
  }
  const files = await trace();
  await mkdir(traceCacheDir, { recursive: true });
  await writeFile(saved, JSON.stringify({ key, files: await fingerprints(files) }));
  return files;
}

/**
 * The repository-relative paths of every file `service`'s image needs. `cache` (an object) may be shared between
 * calls in one process: nft then reads and parses each module once.
 */
export async function imageFileList(service, cache = {}) {
  if (!imageServices.includes(service)) throw new Error(`image-files: unknown service ${service}`);
  const bundles = await bundleFiles(service);
  const bundlePaths = new Set(bundles.map((bundle) => join(root, bundle)));
  const readSource = async (path) => {
    try {
      const source = await readFile(path);
      return bundlePaths.has(path) ? bundleImports(source.toString("utf8")) : source;
    } catch (error) {
      if (error.code === "ENOENT" || error.code === "EISDIR") return null;
      throw error;
    }
  };
  const entries = [...bundles, ...listed(service, unbundled).map((entry) => dataPath(service, entry))];
  const trace = (paths) =>
    nodeFileTrace(paths, { base: root, cache, readFile: readSource, ignore: (path) => devOnly.test(path) }).then(
      (result) => [...result.fileList],
    );
  const fileList = await reusedTrace(service, entries, async () => {
    const found = await trace(entries.map((entry) => join(root, entry)));
    // pdf.js's Node build requires @napi-rs/canvas as it loads (its DOMMatrix, ImageData and Path2D, and the canvas
    // pdf.js draws pages on), through a createRequire nft does not follow; without it every load warns.
    const pdfjs = found.find((file) => /^node_modules\/pdfjs-dist\/legacy\/build\/pdf\.mjs$/.test(file));
    if (!pdfjs) return found;
    const canvas = createRequire(join(root, pdfjs)).resolve("@napi-rs/canvas");
    return [...new Set([...found, ...(await trace([canvas]))])];
  });
  const files = new Set(fileList);
  // The bundles' source maps, for NODE_OPTIONS=--enable-source-maps when a stack must be read as TypeScript.
  for (const bundle of bundles) files.add(`${bundle}.map`);
  for (const entry of listed(service, data)) for (const file of await walk(dataPath(service, entry))) files.add(file);
  return [...files].filter((file) => !devOnly.test(file)).sort();
}

/** Copies (or hard-links) `service`'s files into `outdir`; symlinks stay symlinks. Returns the files and bytes. */
export async function writeImageFiles(service, outdir, { link: hardLink = false, cache } = {}) {
  // The folder is emptied first: never the repository or a folder above it.
  if (!relative(resolve(outdir), root).startsWith("..")) throw new Error(`image-files: ${outdir} holds the repository`);
  const files = await imageFileList(service, cache);
  await rm(outdir, { recursive: true, force: true });
  let bytes = 0;
  const made = new Set();
  for (const file of files) {
    const from = join(root, file);
    const to = join(outdir, file);
    const stat = await lstat(from).catch(() => undefined);
    if (!stat || stat.isDirectory()) continue;
    if (!made.has(dirname(to))) {
      await mkdir(dirname(to), { recursive: true });
      made.add(dirname(to));
    }
    if (stat.isSymbolicLink()) await symlink(await readlink(from), to);
    else if (hardLink) await link(from, to).catch(() => copyFile(from, to));
    else await copyFile(from, to);
    bytes += stat.size;
  }
  return { files: files.length, bytes };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const hardLink = args.includes("--link");
  const [service, outdir] = args.filter((arg) => arg !== "--link");
  if (!service || !outdir) {
    process.stderr.write("usage: node scripts/image-files.mjs <service> <outdir> [--link]\n");
    process.exit(2);
  }
  const target = resolve(outdir);
  const { files, bytes } = await writeImageFiles(service, target, { link: hardLink });
  process.stdout.write(`image-files ${service}: ${files} files, ${(bytes / 1e6).toFixed(1)} MB in ${target}\n`);
}
