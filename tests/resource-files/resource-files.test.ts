import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import {
  buildApp,
  connectPeers,
  connectStoreProbes,
  type Peers,
  registerEnvelope,
  registerResourceFileRoutes,
  type StoreProbes,
} from "@turnleaf/gateway/in-process";
import { createLogger } from "@turnleaf/kit";
import { applyPreview, defaultSettings, htmlConfigHandlers } from "@turnleaf/reader/testing";
import {
  type ResourceIndexFile,
  type ResourceKind,
  referencedPaths,
  type SettingsTree,
  settingIndex,
  validateResourceFile,
  validateResourceIndex,
  validateSettingsTree,
} from "@turnleaf/resource-files";
import { resourceFilesDir, resourcePaths } from "@turnleaf/resource-files/node";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workerStores } from "../setup/worker-stores.js";
import { testGatewayConfig } from "../support/gateway-config.js";

// The real gateway on a loopback port with the run's stores; no peer is needed, the files are public and static.
const stores = workerStores();
const log = createLogger({ service: "resource-files-test", level: "silent" });

let peers: Peers;
let storeProbes: StoreProbes;
let gateway: FastifyInstance;
let base: string;

beforeAll(async () => {
  const config = testGatewayConfig(stores, {});
  peers = connectPeers(config);
  storeProbes = await connectStoreProbes(config, log);
  gateway = await buildApp({ log, peers, stores: storeProbes, devActorUserId: undefined });
  await gateway.listen({ host: "127.0.0.1", port: 0 });
  const address = gateway.server.address();
  if (address === null || typeof address === "string") throw new Error("the gateway has no port");
  base = `http://127.0.0.1:${address.port}`;
}, 60_000);

afterAll(async () => {
  await gateway?.close();
  peers?.close();
  await storeProbes?.close();
});

async function getJson(path: string): Promise<{ response: Response; body: unknown }> {
  const response = await fetch(`${base}${path}`);
  return { response, body: await response.json() };
}

async function settingsTree(): Promise<SettingsTree> {
  const { body } = await getJson(`/resourceFiles/${resourcePaths.settings}`);
  return body as SettingsTree;
}

/**
 * Spec 001 "Reader-setting catalogue", item by item, and the htmlConfig key(s) that carry it. A catalogue entry
 * whose key is missing from the served tree fails the test.
 */
const readerCatalogue: Record<string, string[]> = {
  "Logo: image": ["appLogoIcon"],
  "Logo: link URL": ["appLogoLinkURL"],
  "Logo: padding": ["logoPadding"],
  "Logo: height": ["logoHeight"],
  "Logo: top margin": ["logoTop"],
  "Logo: large logo (height fixed at 55 px)": ["appLargeLogoURL"],
  "Logo: fixed size": ["logoFixedSize"],
  "Background: gradient colours A and B": ["bgBeginColor", "bgEndColor"],
  "Background: angle (30, 60, 90 or 180)": ["bgMRotation"],
  "Background: image": ["backGroundImgURL"],
  "Background: position": ["backgroundPosition"],
  "Background: opacity 0-1": ["backgroundOpacity"],
  "Background: dynamic scene": ["dynamicScene"],
  "Sound: background file, loop count, volume": ["backgroundMusic"],
  "Sound: flip sound": ["flipSound"],
  "Loader: caption": ["loadingCaption", "loadingCaptionSource"],
  "Loader: font size and colour": ["loadingCaptionFontSize", "loadingCaptionColor"],
  "Loader: picture": ["loadingPicture"],
  "Loader: background colour": ["loadingBackground"],
  "Loader: minimum display time in seconds": ["loadingDisplayTime"],
  "Loader: video": ["loadingVideo"],
  "Toolbar: colours": ["toolbarColor", "iconColor"],
  "Toolbar: alpha 0-1": ["toolbarAlpha"],
  "Buttons: home": ["HomeButtonVisible", "HomeURL"],
  "Buttons: about": ["AboutButtonVisible", "aboutContent"],
  "Buttons: back/forward": ["enablePageBack"],
  "Buttons: share": ["ShareButtonVisible", "socialShareType", "socialSharingList"],
  "Buttons: thumbnails (colour, alpha 0-100)": ["ThumbnailsButtonVisible", "thumbnailColor", "thumbnailAlpha"],
  "Buttons: bookmark": ["BookMarkButtonVisible"],
  "Buttons: TOC": ["TableOfContentButtonVisible"],
  "Buttons: search (minimum characters)": ["SearchButtonVisible", "searchMinLength"],
  "Buttons: select text": ["SelectTextButtonVisible"],
  "Buttons: WeChat": ["WeChatButtonVisible"],
  "Buttons: print (watermark)": ["print", "printWatermark"],
  "Buttons: auto flip (interval, loop count -1 forever)": [
    "AutoPlayButtonVisible",
    "autoFlip",
    "autoFlipIntervalSeconds",
    "autoPlayLoopCount",
  ],
  "Buttons: download (URL)": ["DownloadButtonVisible", "downloadURL"],
  "Buttons: phone": ["PhoneButtonVisible", "singlePhoneNumber", "MultiPhoneNumber", "isMultiNum", "phoneMaxDisplay"],
  "Buttons: zoom (widths)": ["ZoomButtonVisible", "zoomWidths"],
  "Buttons: email (subject and body with macros)": [
    "EmailButtonVisible",
    "btnShareWithEmailSubject",
    "btnShareWithEmailBody",
  ],
  "Buttons: magnifier": ["magnifier"],
  "Buttons: fullscreen": ["FullscreenButtonVisible"],
  "Buttons: annotation": ["AnnotationButtonVisible"],
  Shadows: ["showShadow"],
  "Cover: hard cover": ["hardCover"],
  "Cover: border width, colour, corner rounding": ["hardCoverBorderWidth", "borderColor", "cornerRound"],
  "Binding type": ["BindingType"],
  "Page thickness": ["thicknessWidthType"],
  "Page-number captions": ["pageCaptions"],
  "Mini mode (max width and height)": ["miniMode", "miniMaxWidth", "miniMaxHeight"],
  "Flip style": ["flipStyle"],
  "Flip direction": ["flipDirection"],
  "Flip time": ["flippingTime"],
  "Single or double page": ["pageMode"],
  "Margins (may be negative)": ["topMargin", "bottomMargin", "leftMargin", "rightMargin"],
  "Mobile margins": ["topMarginOnMobile", "bottomMarginOnMobile", "leftMarginOnMobile", "rightMarginOnMobile"],
  Help: ["InstructionsButtonVisible", "showHelpContentAtFirst"],
  "Curling corner": ["CurlingPageCorner"],
  "Last-page memory": ["lastPageMemory"],
  "Disable right-click menu": ["disableRightClick"],
  "Fast loading": ["fastLoading"],
  "High-definition display": ["hdDisplay"],
  "URL page numbers": ["urlPageNumber"],
  "Analytics ID": ["googleAnalyticsID"],
  "Tracking script (including the script tag)": ["trackingScript"],
  "Embed-only reading": ["OnlyOpenInIframe"],
  "WeChat-only reading": ["OnlyOpenInWeChat"],
  "Link target (blank or self)": ["OpenWindow"],
};

/** Spec 000 §3/§4: the htmlConfig keys named by the editor spec, and its gated reader features' settings. */
const editorHtmlConfigKeys = [
  "languageSetting",
  "socialShareType",
  "socialSharingList",
  "buttonsSortXML",
  "MessageButtonVisible",
  "showLeaveMessage",
  "DownloadButtonVisible",
  "backGroundImgURL",
  "loadingBackgroundColorType",
  "loadingCaption",
  "loadingCaptionSource",
  // §6 gated features that are settings: logo, phone button, background image/music, loading picture/video,
  // shadow, thickness, bookmark, TOC, ad banner, hide toolbar, reader message, auto flip, hard cover, home link,
  // copy text.
  "appLogoIcon",
  "PhoneButtonVisible",
  "backgroundMusic",
  "loadingPicture",
  "loadingVideo",
  "showShadow",
  "thicknessWidthType",
  "BookMarkButtonVisible",
  "TableOfContentButtonVisible",
  "hideToolbar",
  "autoFlip",
  "hardCover",
  "HomeURL",
  "SelectTextButtonVisible",
  "adConfig",
];

/**
 * Every htmlConfig key the reader reads: its handler table (web/reader/src/htmlconfig.ts) and the older alias table
 * of its live preview (web/reader/src/preview.ts, not exported: read from the source).
 */
function readerKeys(): string[] {
  const source = readFileSync(new URL("../../web/reader/src/preview.ts", import.meta.url), "utf8");
  const block = /const aliases[^=]*=\s*\{([\s\S]*?)\n\};/.exec(source)?.[1];
  if (!block) throw new Error("the reader's alias table was not found in preview.ts");
  const aliases = [...block.matchAll(/^\s*"?([A-Za-z][A-Za-z0-9_]*)"?\s*:/gm)].map((match) => match[1] ?? "");
  return [...new Set([...Object.keys(htmlConfigHandlers), ...aliases])];
}

describe("resource files through the gateway", () => {
  it("serves the index and every data file it lists, each valid for its validator", async () => {
    const { response, body } = await getJson("/resourceFiles/index.json");
    expect(response.status).toBe(200);
    expect(validateResourceIndex(body)).toEqual([]);
    const index = body as ResourceIndexFile;
    expect(index.files.map((file) => file.kind).sort()).toEqual(Object.keys(resourcePaths).sort());

    const tree = await settingsTree();
    expect(validateSettingsTree(tree)).toEqual([]);
    for (const { kind, path } of index.files) {
      const { response: reply, body: document } = await getJson(`/resourceFiles/${path}`);
      expect(reply.status, path).toBe(200);
      expect(reply.headers.get("content-type"), path).toBe("application/json; charset=utf-8");
      expect(validateResourceFile(kind, document, tree), path).toEqual([]);
    }
  });

  it("serves every preview, image and logo the files name, with an image type", async () => {
    const index = (await getJson("/resourceFiles/index.json")).body as ResourceIndexFile;
    const paths = new Set<string>();
    for (const { kind, path } of index.files)
      for (const referenced of referencedPaths(kind, (await getJson(`/resourceFiles/${path}`)).body))
        paths.add(referenced);
    expect(paths.size).toBeGreaterThan(20);
    for (const path of paths) {
      const response = await fetch(`${base}/resourceFiles/${path}`);
      expect(response.status, path).toBe(200);
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (path.endsWith(".svg")) {
        expect(response.headers.get("content-type"), path).toBe("image/svg+xml");
        expect(new TextDecoder().decode(bytes), path).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      } else {
        expect(response.headers.get("content-type"), path).toBe("image/png");
        expect([...bytes.slice(0, 4)], path).toEqual([0x89, 0x50, 0x4e, 0x47]);
      }
    }
  });

  it("serves /resourceFiles/mobile/backgrounds/backgrounds.json (spec 000 §7) with backgrounds that exist", async () => {
    const { response, body } = await getJson("/resourceFiles/mobile/backgrounds/backgrounds.json");
    expect(response.status).toBe(200);
    const items = (body as { items: { settings: { backGroundImgURL: string } }[] }).items;
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect((await fetch(`${base}${item.settings.backGroundImgURL}`)).status).toBe(200);
  });

  it("answers validators: an ETag and cache lifetime, 304 on If-None-Match, HEAD without a body", async () => {
    const path = `/resourceFiles/${resourcePaths.settings}`;
    const identity = { "accept-encoding": "identity" };
    const first = await fetch(`${base}${path}`, { headers: identity });
    const length = (await first.arrayBuffer()).byteLength;
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^(W\/)?".+"$/);
    expect(first.headers.get("cache-control")).toBe("public, max-age=300");
    expect(first.headers.get("last-modified")).not.toBeNull();
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");

    const again = await gateway.inject({ method: "GET", url: path, headers: { "if-none-match": etag ?? "" } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");

    const since = await gateway.inject({
      method: "GET",
      url: path,
      headers: { "if-modified-since": first.headers.get("last-modified") ?? "" },
    });
    expect(since.statusCode).toBe(304);

    const range = await gateway.inject({ method: "GET", url: path, headers: { range: "bytes=0-0" } });
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe("{");

    const head = await fetch(`${base}${path}`, { method: "HEAD", headers: identity });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(length));
    expect(head.headers.get("etag")).toBe(etag);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it("serves the JSON files brotli- or gzip-compressed to clients that accept it, the same content", async () => {
    const path = `/resourceFiles/${resourcePaths.settings}`;
    const plain = await gateway.inject({ method: "GET", url: path });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    for (const [accept, encoding, decompress] of [
      ["br, gzip", "br", brotliDecompressSync],
      ["gzip", "gzip", gunzipSync],
    ] as const) {
      const response = await gateway.inject({ method: "GET", url: path, headers: { "accept-encoding": accept } });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-encoding"]).toBe(encoding);
      expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
      expect(decompress(response.rawPayload).equals(plain.rawPayload)).toBe(true);
    }
  });

  it("answers unknown files, folders and hidden files with the gateway's 404 envelope", async () => {
    for (const path of [
      "/resourceFiles/settings/nope.json",
      "/resourceFiles/settings/",
      "/resourceFiles/settings",
      "/resourceFiles/",
      "/resourceFiles/.gitignore",
      "/resourceFiles/manage/power/powerConfig.json.bak",
    ]) {
      const response = await gateway.inject({ method: "GET", url: path });
      expect(response.statusCode, path).toBe(404);
      expect(response.json(), path).toMatchObject({ code: "ERROR", data: { messageKey: "noSuchPath" }, status: "0" });
    }
  });

  it("refuses paths that climb out of the folder, never answering a file outside it", async () => {
    for (const path of [
      "/resourceFiles/../package.json",
      "/resourceFiles/settings/../../package.json",
      "/resourceFiles/%2e%2e/package.json",
      "/resourceFiles/..%2fpackage.json",
      "/resourceFiles/%2e%2e%2f%2e%2e%2fpackage.json",
      "/resourceFiles/..%5cpackage.json",
      "/resourceFiles/%2fetc%2fpasswd",
      "/resourceFiles//etc/passwd",
      "/resourceFiles/settings/settings.json%00.png",
    ]) {
      const response = await gateway.inject({ method: "GET", url: path });
      expect(response.statusCode, path).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, path).toBeLessThan(500);
      const reply = response.json() as { data: Record<string, unknown> | null };
      expect(reply, path).toMatchObject({ code: "ERROR", status: "0" });
      // No file's content: at most the coded message of the refusal (the gateway's envelope since coded messages).
      expect(
        Object.keys(reply.data ?? {}).filter((key) => !key.startsWith("message")),
        path,
      ).toEqual([]);
      expect(response.body, path).not.toContain("workspaces");
      expect(response.body, path).not.toContain("root:");
    }
  });

  it("answers odd paths below 500 with the envelope and no stack", async () => {
    for (const path of [
      "%",
      "%ff%fe",
      "%E0%A4%A",
      "x".repeat(5_000),
      `${"a/".repeat(300)}b.json`,
      "a%20b",
      ";",
      "%3Cscript%3E",
    ]) {
      for (const method of ["GET", "HEAD"] as const) {
        const response = await gateway.inject({ method, url: `/resourceFiles/${path}` });
        expect(response.statusCode, `${method} ${path.slice(0, 30)}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${method} ${path.slice(0, 30)}`).toBeLessThan(500);
        if (method === "GET") {
          expect(response.json(), path.slice(0, 30)).toMatchObject({ code: "ERROR", status: "0" });
          expect(response.body).not.toMatch(/\bat \S+ \(|node_modules/);
        }
      }
    }
  });

  it("leaves /resourceFiles/manage/power/powerConfig.json to an exact route of its own", async () => {
    expect(existsSync(join(resourceFilesDir, "manage"))).toBe(false);
    const app = Fastify();
    registerEnvelope(app);
    registerResourceFileRoutes(app, peers);
    app.get("/resourceFiles/manage/power/powerConfig.json", async () => ({ code: "OK", data: { from: "power" } }));
    try {
      const power = await app.inject({ method: "GET", url: "/resourceFiles/manage/power/powerConfig.json" });
      expect(power.json()).toEqual({ code: "OK", data: { from: "power" } });
      const settings = await app.inject({ method: "GET", url: `/resourceFiles/${resourcePaths.settings}` });
      expect(settings.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe("the settings tree covers the catalogues", () => {
  it("has every reader setting of spec 001's catalogue", async () => {
    const index = settingIndex(await settingsTree());
    const missing = Object.entries(readerCatalogue).flatMap(([entry, keys]) =>
      keys.filter((key) => !index.has(key)).map((key) => `${entry}: ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it("has every htmlConfig key spec 000 names", async () => {
    const index = settingIndex(await settingsTree());
    expect(editorHtmlConfigKeys.filter((key) => !index.has(key))).toEqual([]);
  });

  it("has every key of the reader's htmlConfig mapping, with defaults the reader applies", async () => {
    const tree = await settingsTree();
    const index = settingIndex(tree);
    const keys = readerKeys();
    expect(keys.length).toBeGreaterThan(60);
    // `businessCard` is never a stored setting: the book service serves the card itself under it (served-card.ts).
    expect(keys.filter((key) => !index.has(key) && key !== "businessCard")).toEqual([]);
    for (const key of keys) {
      const node = index.get(key);
      if (!node || node.key !== key) continue;
      // The reader takes the tree's default for its own key (an alias's value shape may differ).
      const applied = applyPreview(defaultSettings, { type: "previewBook", key, value: node.defaultValue });
      expect(applied, key).toBeDefined();
      // Every choice the editor offers is one the reader reads.
      if (node.type === "list" && !node.multiple)
        for (const option of node.options) {
          const chosen = applyPreview(defaultSettings, { type: "previewBook", key, value: String(option.value) });
          expect(chosen, `${key}=${option.value}`).toBeDefined();
        }
    }
  });

  it("has Chinese and English for every group and setting", async () => {
    const tree = await settingsTree();
    const texts = JSON.stringify(tree);
    expect(texts).toContain('"zh":"背景颜色"');
    for (const group of tree.groups) expect(group.title.zh).not.toBe(group.title.en);
  });

  it("names only kinds the validators know", () => {
    const kinds: ResourceKind[] = Object.keys(resourcePaths) as ResourceKind[];
    for (const kind of kinds) expect(validateResourceFile(kind, null, { version: 1, groups: [] })).not.toEqual([]);
  });
});
