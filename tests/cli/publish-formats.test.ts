import { createReadStream } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import { pathToFileURL } from "node:url";
import { unzipSync } from "fflate";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { launchChromium } from "../browser.js";
import { labelledPdf } from "../fixtures/pdf/generate.js";
import { assertCliBuilt, runCli, runProgram } from "./run-cli.js";

// turnleaf publish --format joomla|drupal|pwa on a project the built CLI imported (trial edition, no server needed):
// the packages' structure parsed (XML in Chromium's parser, YAML), their PHP linted and run with php-cli against
// small named stand-ins for the CMS classes, and the PWA installed and opened offline in Chromium.
let workDir: string;
let home: string;
let browser: Browser;
const testsDir = import.meta.dirname;
const cli = (args: string[]) => runCli(workDir, home, args, { TURNLEAF_SERVER: "http://127.0.0.1:9" });
const publishArgs = [
  "--title",
  "Harbour Notes",
  "--description",
  'Stories "quoted" & <more>',
  "--keywords",
  "harbour, boats",
];

beforeAll(async () => {
  assertCliBuilt();
  workDir = await mkdtemp(join(tmpdir(), "turnleaf-cli-formats-"));
  home = join(workDir, "home");
  await mkdir(home);
  await writeFile(join(workDir, "three.pdf"), await labelledPdf("P", 3));
  const imported = await cli(["import", "three.pdf", "--out", "project"]);
  expect(imported.code, imported.stderr).toBe(0);
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await rm(workDir, { recursive: true, force: true });
});

/** Parses XML with Chromium's parser: the document element's name and every <field>'s attributes, or the error. */
async function parseXml(xml: string) {
  const page = await browser.newPage();
  try {
    return await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, "application/xml");
      const error = doc.querySelector("parsererror");
      if (error) return { error: error.textContent ?? "parse error" };
      const root = doc.documentElement;
      const fields = [...doc.querySelectorAll("config fields[name=params] field")].map((field) => ({
        name: field.getAttribute("name"),
        default: field.getAttribute("default"),
      }));
      return {
        root: root.nodeName,
        type: root.getAttribute("type"),
        client: root.getAttribute("client"),
        name: doc.querySelector("extension > name")?.textContent,
        description: doc.querySelector("extension > description")?.textContent,
        module: doc.querySelector("files > filename[module]")?.getAttribute("module"),
        moduleFile: doc.querySelector("files > filename[module]")?.textContent,
        folders: [...doc.querySelectorAll("files > folder")].map((folder) => folder.textContent),
        fields,
      };
    }, xml);
  } finally {
    await page.close();
  }
}

const phpLint = async (path: string) => {
  const lint = await runProgram("php", ["-l", path]);
  expect(lint.code, lint.stdout + lint.stderr).toBe(0);
};

describe("turnleaf publish --format joomla", () => {
  it("writes a Joomla module package: a valid XML manifest with the embed parameters, PHP that renders the book", async () => {
    const published = await cli(["publish", "project", "--format", "joomla", "--out", "joomla", ...publishArgs]);
    expect(published.code, published.stderr).toBe(0);
    const module = "mod_turnleaf_harbour_notes";
    const dir = join(workDir, "joomla", module);
    const manifest = await parseXml(await readFile(join(dir, `${module}.xml`), "utf8"));
    expect(manifest).toEqual({
      root: "extension",
      type: "module",
      client: "site",
      name: "Turnleaf flipbook: Harbour Notes",
      description: 'Stories "quoted" & <more>',
      module,
      moduleFile: `${module}.php`,
      folders: ["tmpl", "flipbook"],
      fields: [
        { name: "width", default: "100%" },
        { name: "height", default: "600" },
        { name: "title", default: "Harbour Notes" },
        { name: "keywords", default: "harbour, boats" },
        { name: "description", default: 'Stories "quoted" & <more>' },
      ],
    });
    // Every file and folder the manifest names is in the package.
    for (const file of [`${module}.php`, "tmpl/default.php", "flipbook/index.html", "flipbook/reader/reader.js"]) {
      expect((await stat(join(dir, file))).isFile(), file).toBe(true);
    }
    await phpLint(join(dir, `${module}.php`));
    await phpLint(join(dir, "tmpl", "default.php"));
    const rendered = await runProgram("php", [
      join(testsDir, "joomla-fake.php"),
      join(dir, `${module}.php`),
      JSON.stringify({ width: "800", title: 'A "new" title' }),
    ]);
    expect(rendered.code, rendered.stderr).toBe(0);
    const { html } = JSON.parse(rendered.stdout) as { html: string };
    expect(html).toContain(
      `<iframe src="/site/modules/${module}/flipbook/index.html" width="800" height="600" title="A &quot;new&quot; title"`,
    );
    expect(html).toContain('data-keywords="harbour, boats"');
    expect(html).toContain("Stories &quot;quoted&quot; &amp; &lt;more&gt;");
    const zipped = Object.keys(unzipSync(await readFile(join(workDir, "joomla", `${module}.zip`))));
    expect(zipped).toEqual(
      expect.arrayContaining([`${module}/${module}.xml`, `${module}/${module}.php`, `${module}/flipbook/index.html`]),
    );
  });
});

describe("turnleaf publish --format drupal", () => {
  it("writes a Drupal module: .info.yml and schema that parse, a block plug-in with the embed settings", async () => {
    const published = await cli([
      "publish",
      "project",
      "--format",
      "drupal",
      "--out",
      "drupal",
      "--width",
      "90%",
      "--height",
      "700",
      ...publishArgs,
    ]);
    expect(published.code, published.stderr).toBe(0);
    const module = "turnleaf_harbour_notes";
    const dir = join(workDir, "drupal", module);
    const info = parseYaml(await readFile(join(dir, `${module}.info.yml`), "utf8"));
    expect(info).toEqual({
      name: "Turnleaf flipbook: Harbour Notes",
      type: "module",
      description: 'Stories "quoted" & <more>',
      package: "Turnleaf",
      version: "1.0.0",
      core_version_requirement: "^9.3 || ^10 || ^11",
    });
    const schema = parseYaml(await readFile(join(dir, "config", "schema", `${module}.schema.yml`), "utf8"));
    expect(Object.keys(schema[`block.settings.${module}_block`].mapping)).toEqual([
      "width",
      "height",
      "title",
      "keywords",
      "description",
    ]);
    const blockFile = join(dir, "src", "Plugin", "Block", "FlipbookBlock.php");
    await phpLint(blockFile);
    const blockSource = await readFile(blockFile, "utf8");
    expect(blockSource).toContain(`namespace Drupal\\${module}\\Plugin\\Block;`);
    expect(blockSource).toContain(`id = "${module}_block"`);
    const run = await runProgram("php", [
      join(testsDir, "drupal-fake.php"),
      blockFile,
      JSON.stringify({ height: "480" }),
      JSON.stringify({ width: "50%", height: "300", title: "Other", keywords: "k", description: "d" }),
    ]);
    expect(run.code, run.stderr).toBe(0);
    const block = JSON.parse(run.stdout);
    expect(block.class).toBe(`Drupal\\${module}\\Plugin\\Block\\FlipbookBlock`);
    expect(block.defaults).toEqual({
      width: "90%",
      height: "700",
      title: "Harbour Notes",
      keywords: "harbour, boats",
      description: 'Stories "quoted" & <more>',
    });
    expect(Object.keys(block.form)).toEqual(["width", "height", "title", "keywords", "description"]);
    expect(block.build).toMatchObject({
      "#type": "html_tag",
      "#tag": "iframe",
      "#attributes": {
        src: `/modules/custom/${module}/flipbook/index.html`,
        width: "90%",
        height: "480",
        title: "Harbour Notes",
      },
    });
    expect(block.submitted).toMatchObject({ width: "50%", height: "300", title: "Other" });
    const zipped = Object.keys(unzipSync(await readFile(join(workDir, "drupal", `${module}.zip`))));
    expect(zipped).toEqual(
      expect.arrayContaining([`${module}/${module}.info.yml`, `${module}/src/Plugin/Block/FlipbookBlock.php`]),
    );
  });

  it("refuses a malformed embed size", async () => {
    const bad = await cli(["publish", "project", "--format", "drupal", "--out", "drupal-bad", "--width", "wide"]);
    expect(bad.code).toBe(64);
    expect(bad.stderr).toContain("--width must be a number of pixels or a percentage");
  });
});

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".webmanifest": "application/manifest+json",
  ".png": "image/png",
  ".webp": "image/webp",
};

/** Serves a folder as a plain web host would, and counts the requests it answered. */
async function serveFolder(root: string) {
  let served = 0;
  const server: Server = createServer((request, response) => {
    served += 1;
    const path = normalize(decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname)).replace(
      /^(\.\.[/\\])+/,
      "",
    );
    const file = join(root, path.endsWith("/") ? `${path}index.html` : path);
    stat(file).then(
      (info) => {
        if (!info.isFile()) return response.writeHead(404).end();
        response.writeHead(200, { "content-type": types[extname(file)] ?? "application/octet-stream" });
        createReadStream(file).pipe(response);
      },
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served: () => served,
    // Gone at once, as a host switched off: close() alone waits for the browser's open connections to end.
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

describe("turnleaf publish --format pwa", () => {
  it("is installable, its service worker caches the book, and the book opens and turns offline after one visit", async () => {
    const published = await cli(["publish", "project", "--format", "pwa", "--out", "pwa", "--lang", "en"]);
    expect(published.code, published.stderr).toBe(0);
    const flipBook = join(workDir, "pwa", "FlipBook");
    const manifest = JSON.parse(await readFile(join(flipBook, "manifest.webmanifest"), "utf8"));
    expect(manifest).toMatchObject({ display: "standalone", start_url: "./index.html", name: "three" });
    expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(["192x192", "512x512"]);
    const sw = await readFile(join(flipBook, "sw.js"), "utf8");
    expect(sw).toContain('"index.html"');
    expect(sw).toContain('"reader/reader.js"');

    const host = await serveFolder(flipBook);
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    try {
      const page = await context.newPage();
      await page.goto(`${host.url}/index.html`);
      const announcer = page.getByTestId("announcer");
      await expect.poll(() => announcer.textContent(), { timeout: 15_000 }).toBe("Page 1 of 3");
      // The first visit installs the worker and fills its cache. The registration is asked for, not awaited as
      // `ready` (which never settles when an install fails), so a failure shows the worker's state.
      const workerState = () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          const worker = registration?.active ?? registration?.waiting ?? registration?.installing;
          return worker?.state ?? (registration ? "no worker" : "not registered");
        });
      await expect.poll(workerState, { timeout: 20_000 }).toBe("activated");
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
        installabilityErrors: { errorId: string }[];
      };
      // Playwright's contexts are incognito profiles, where Chromium never offers an install; any other reason counts.
      expect(installabilityErrors.filter((error) => error.errorId !== "in-incognito")).toEqual([]);
      const { errors: manifestErrors } = (await cdp.send("Page.getAppManifest")) as { errors: unknown[] };
      expect(manifestErrors).toEqual([]);
      await expect
        .poll(() =>
          page.evaluate(() => caches.keys().then((keys) => keys.filter((key) => key.startsWith("turnleaf-")))),
        )
        .toHaveLength(1);

      // Offline: the browser has no network and the host is gone.
      await host.close();
      const servedBefore = host.served();
      await context.setOffline(true);
      const offline = await context.newPage();
      await offline.goto(`${host.url}/index.html`);
      const offlineAnnouncer = offline.getByTestId("announcer");
      await expect.poll(() => offlineAnnouncer.textContent(), { timeout: 15_000 }).toBe("Page 1 of 3");
      await expect
        .poll(() =>
          offline.evaluate(() => [...document.images].some((image) => image.complete && image.naturalWidth > 0)),
        )
        .toBe(true);
      await offline.keyboard.press("ArrowRight");
      await expect.poll(() => offlineAnnouncer.textContent(), { timeout: 15_000 }).toBe("Page 2–3 of 3");
      expect(host.served()).toBe(servedBefore);
    } finally {
      await context.close();
      await host.close().catch(() => undefined);
    }
  }, 90_000);

  it("validates the output path of every format with the spec's rule", async () => {
    for (const format of ["joomla", "drupal", "pwa", "wordpress", "html"]) {
      const help = await cli(["publish", "project", "--format", format, "--out", "x:y"]);
      expect(help.code, format).toBe(65);
      expect(help.stderr, format).toContain('the name "x:y" must not contain');
    }
  });
});

describe("the project's configuration in a published book", () => {
  it("carries the settings, TOC and bookmarks a template put into the project, and an extra script, to the offline reader", async () => {
    const template = {
      format: 1,
      name: "Tabs",
      cover: { name: "c.png", type: "image/png", data: Buffer.from("not shown").toString("base64") },
      parts: ["settings", "toc", "bookmarks"],
      config: {
        settings: { bgColor: "#224466" },
        toc: [{ title: "Harbour", page: 2, children: [{ title: "Beyond the book", page: 99, children: [] }] }],
        bookmarks: [{ caption: "Start", page: 2, colour: "#ff0000", fontColour: "" }],
      },
      createdAt: "2026-01-01T00:00:00.000Z",
    };
    await writeFile(join(workDir, "tabs.tltemplate"), JSON.stringify(template));
    expect((await cli(["import", "three.pdf", "--out", "configured"])).code).toBe(0);
    expect((await cli(["template", "import", "tabs.tltemplate"])).code).toBe(0);
    expect((await cli(["template", "replace", "Tabs", "configured"])).code).toBe(0);
    expect((await cli(["project", "save", "configured"])).code).toBe(0);
    await writeFile(join(workDir, "extra.js"), 'window.turnleafExtra = "ran </script> whole";\n');
    const wrongScript = await cli(["publish", "configured", "--format", "html", "--out", "x", "--script", "extra.txt"]);
    expect(wrongScript.code).toBe(65);
    expect(wrongScript.stderr).toContain("Script path: the file name must end with .js");
    const published = await cli([
      "publish",
      "configured",
      "--format",
      "html",
      "--out",
      "configured-out",
      "--lang",
      "en",
      "--script",
      "extra.js",
    ]);
    expect(published.code, published.stderr).toBe(0);

    const index = join(workDir, "configured-out", "FlipBook", "index.html");
    const html = await readFile(index, "utf8");
    const inline = /<script type="application\/json" id="turnleaf-book">(.*?)<\/script>/s.exec(html)?.[1] ?? "{}";
    const book = JSON.parse(inline);
    expect(book.htmlConfig).toEqual({ bgColor: "#224466" });
    expect(book.outline).toEqual([{ title: "Harbour", page: 2, children: [] }]);
    expect(book.bookmarks).toEqual([{ page: 2, caption: "Start", colour: "#ff0000", textColour: "#ffffff" }]);

    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    try {
      await page.goto(pathToFileURL(index).href);
      const announcer = page.getByTestId("announcer");
      await expect.poll(() => announcer.textContent(), { timeout: 15_000 }).toBe("Page 1 of 3");
      // The HTML settings' extra script ran, whole.
      expect(await page.evaluate(() => (window as unknown as { turnleafExtra?: string }).turnleafExtra)).toBe(
        "ran </script> whole",
      );
      await page.locator(".tl-bookmark", { hasText: "Start" }).first().click();
      await expect.poll(() => announcer.textContent(), { timeout: 15_000 }).toBe("Page 2–3 of 3");
    } finally {
      await page.close();
    }
  });
});
