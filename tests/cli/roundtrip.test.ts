import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../browser.js";
import { labelledPdf } from "../fixtures/pdf/generate.js";
import { toneMp3 } from "../page-audio/audio-fixtures.js";
import { workerSystem } from "../setup/worker-stores.js";
import { assertCliBuilt, runCli, startCli } from "./run-cli.js";

// #34 items 1 and 2: a project with non-default settings, contents (a link, a collapsed entry), bookmarks, two
// languages, a password, a media item, an attachment and page audio (a speech page, an MP3 page, play settings)
// goes online whole (the online book.json says what the offline
// one says), comes back equal with `turnleaf pull`, never overwrites the other side's changes without --force, and its
// offline HTML shows each of those features in Chromium from disk. The built CLI against the run's real stack.
const services = await workerSystem();
const owner = services.owner;
let workDir: string;
let home: string;
let browser: Browser | undefined;
const cli = (args: string[]) => runCli(workDir, home, args, { TURNLEAF_SERVER: services.gatewayUrl });
const readJson = async (path: string) => JSON.parse(await readFile(join(workDir, path), "utf8"));

const parts = {
  settings: {
    bgColor: "#223344",
    bookmarkHasTexture: true,
    bookmarkOnSideEdge: true,
    DownloadButtonVisible: true,
    toolBarBrand: "local-brand-1",
  },
  brands: [
    {
      brandId: "local-brand-1",
      type: "toolBarBrand",
      title: "Roundtrip Press",
      logo: "",
      link: "https://example.com/press",
      desc: "Books from the harbour",
    },
  ],
  toc: [
    { title: "Opening", page: 1, collapsed: true, children: [{ title: "Second page", page: 2, children: [] }] },
    { title: "Website", page: 1, url: "https://example.com/more", children: [] },
  ],
  bookmarks: [{ caption: "Mark", page: 3, colour: "#ff0000", fontColour: "#ffffff" }],
  languages: [
    { code: "zh-CN", name: "中文", checked: true },
    { code: "en", name: "English", checked: true },
  ],
  password: { access: "password", mode: "single", hint: "open sesame", fromPage: 3, password: "sesame" },
  media: {
    items: [
      { id: "note-1", page: 1, kind: "note", x: 0.1, y: 0.1, width: 0.3, height: 0.2, text: "A note on page one" },
    ],
    removedPdfLinks: [],
  },
  download: {
    enabled: true,
    pdf: true,
    singlePages: false,
    attachments: [{ name: "notes.txt", file: "attachments/notes.txt" }],
  },
};

async function sessionCookie(): Promise<string> {
  return (JSON.parse(await readFile(join(home, "session.json"), "utf8")) as { cookie: string }).cookie;
}

async function api(path: string, fields: Record<string, string>) {
  const response = await fetch(`${services.gatewayUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: await sessionCookie() },
    body: new URLSearchParams(fields).toString(),
  });
  const body = (await response.json()) as { code: string; data: Record<string, unknown>; msg: string };
  expect(body.code, body.msg).toBe("OK");
  return body.data;
}

/** The inline book.json of an offline flipbook. */
async function offlineBook(folder: string) {
  const html = await readFile(join(workDir, folder, "FlipBook", "index.html"), "utf8");
  const json = /<script type="application\/json" id="turnleaf-book">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "{}";
  return JSON.parse(json.replace(/\\u003c/g, "<"));
}

/** What a reader sees of the first spread, as the DOM says it. */
async function firstSpread(page: Page) {
  await page.getByTestId("stage").waitFor({ timeout: 30_000 });
  await expect.poll(() => page.getByTestId("announcer").textContent(), { timeout: 30_000 }).toBe("Page 1 of 4");
  // The media layer loads after the pages.
  await expect.poll(() => page.locator('[role="note"]').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  return page.evaluate(() => {
    const stage = document.querySelector('[data-testid="stage"]');
    return {
      background: getComputedStyle(document.querySelector(".tl-reader") ?? document.body).backgroundColor,
      tabs: [...document.querySelectorAll(".tl-bookmark")].map((tab) => ({
        text: tab.textContent,
        className: tab.className,
        colour: getComputedStyle(tab).backgroundColor,
      })),
      textured: document.querySelector(".tl-bookmarks")?.className ?? "",
      notes: [...document.querySelectorAll('[role="note"]')].map((note) => note.textContent),
      locked: stage?.querySelectorAll(".tl-face-locked").length ?? -1,
      buttons: [...document.querySelectorAll("button[aria-label]")].map((button) => button.getAttribute("aria-label")),
      languages: [...document.querySelectorAll("select option")].map((option) => option.textContent),
    };
  });
}

beforeAll(async () => {
  assertCliBuilt();
  workDir = await mkdtemp(join(tmpdir(), "turnleaf-cli-roundtrip-"));
  home = join(workDir, "home");
  await mkdir(home);
  await writeFile(join(workDir, "four.pdf"), await labelledPdf("R", 4));
  const imported = await cli(["import", "four.pdf", "--out", "project", "--title", "Round Trip"]);
  expect(imported.code, imported.stderr).toBe(0);
  await mkdir(join(workDir, "project", "attachments"));
  await writeFile(join(workDir, "project", "attachments", "notes.txt"), "notes that travel with the book\n");
  const project = await readJson("project/project.json");
  await writeFile(join(workDir, "project", "project.json"), JSON.stringify({ ...project, ...parts }, null, 2));
  // Page audio: page 1 spoken here (espeak-ng), page 2 the author's MP3, and play settings other than the default.
  const spoken = await cli(
    ["project", "audio", "project", "1", "--tts", "Welcome to page one.", "--voice", "en", "--speed", "220"].concat([
      "--caption",
      "top",
    ]),
  );
  expect(spoken.code, spoken.stderr).toBe(0);
  await writeFile(join(workDir, "chapter-two.mp3"), toneMp3(1.5));
  const filed = await cli(["project", "audio", "project", "2", "--mp3", "chapter-two.mp3", "--text", "Chapter two"]);
  expect(filed.code, filed.stderr).toBe(0);
  const play = await cli(["project", "audio", "project", "--auto-flip", "off", "--pause", "3"]);
  expect(play.code, play.stderr).toBe(0);
  const loggedIn = await cli(["login", "--email", owner.email, "--password", owner.password]);
  expect(loggedIn.code, loggedIn.stderr).toBe(0);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe("a project is one thing wherever it lives", { timeout: 300_000 }, () => {
  let online: { bookId: string; link: string };

  it("uploads every part: the online book opens as the project's offline book and studio show it", async () => {
    const uploaded = await cli(["upload", "project", "--json", "--lang", "en"]);
    expect(uploaded.code, uploaded.stderr).toBe(0);
    expect(uploaded.stderr).toContain("the whole project is on the online book");
    online = JSON.parse(uploaded.stdout);

    // The editor's own paths read every part back.
    const book = await api("/api/book/get-book", { bookId: online.bookId });
    // The brand was created on the account (its id is the account's) and the settings point at it.
    const { list: brands } = (await api("/api/user/brand/get-list", {})) as {
      list: { brandId: string; title: string }[];
    };
    const brand = brands.find((candidate) => candidate.title === "Roundtrip Press");
    expect(brand).toBeDefined();
    expect(book.htmlConfig).toEqual({ ...parts.settings, toolBarBrand: brand?.brandId });
    // get-book adds the spec's names (pageIndex, color, fontColor) beside the stored fields.
    expect(book.bookmarks).toMatchObject(parts.bookmarks);
    expect(book.isDownload).toBe("1");
    expect(book.downloadconfig).toMatchObject({
      hideDownloadSinglePage: true,
      attachments: [expect.objectContaining({ name: "notes.txt", size: 32 })],
    });
    const languages = await api("/api/book/get-book-language", { bookId: online.bookId });
    expect((languages.languages as { code: string }[]).map((language) => language.code)).toEqual(["zh-CN", "en"]);
    expect(await api("/api/book/get-book-privacy", { bookId: online.bookId })).toMatchObject({
      access: "password",
      hint: "open sesame",
      fromPage: 3,
      hasPassword: true,
    });
    // Page audio: the speech page spoken by the book service, the MP3 page the project's very file, the play settings.
    const pageAudio = (await api("/api/book/get-page-audio", { bookId: online.bookId })) as {
      pages: { page: number; url: string }[];
      play: unknown;
    };
    expect(pageAudio).toEqual({
      pages: [
        {
          page: 1,
          source: "speech",
          url: expect.stringMatching(/^\/api\/common\/file\//),
          text: "Welcome to page one.",
          voice: "en",
          speed: 220,
          caption: true,
          captionPosition: "top",
          durationSeconds: expect.any(Number),
        },
        {
          page: 2,
          source: "file",
          url: expect.stringMatching(/^\/api\/common\/file\//),
          text: "Chapter two",
          caption: false,
          captionPosition: "bottom",
        },
      ],
      play: { autoFlip: false, pauseSeconds: 3, pauseWithoutAudio: false },
    });
    const served = async (url: string) =>
      Buffer.from(await (await fetch(`${services.gatewayUrl}${url}`)).arrayBuffer());
    expect((await served(pageAudio.pages[1]?.url ?? "")).equals(await readFile(join(workDir, "chapter-two.mp3")))).toBe(
      true,
    );
    expect((await served(pageAudio.pages[0]?.url ?? "")).length).toBeGreaterThan(1000);
    const unlocked = await fetch(`${online.link}/unlock`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: services.gatewayUrl },
      body: "password=sesame",
    });
    expect(((await unlocked.json()) as { code: string }).code).toBe("OK");

    // The hosted reader's book.json and the offline flipbook's say the same.
    const published = await cli(["publish", "project", "--format", "html", "--out", "offline", "--lang", "en"]);
    expect(published.code, published.stderr).toBe(0);
    expect(published.stderr).toContain("no real protection");
    // As the reader who unlocked it: a locked book lists only its free pages' bookmarks and contents (issue #35).
    const grant = (unlocked.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const hosted = (await (await fetch(`${online.link}/book.json`, { headers: { cookie: grant } })).json()) as Record<
      string,
      unknown
    >;
    // As a reader who has not: the lock and the locked pages.
    const hostedLocked = (await (await fetch(`${online.link}/book.json`)).json()) as Record<string, unknown>;
    const offline = await offlineBook("offline");
    // Brand ids are each account's own: the served brand is the same otherwise.
    const brandless = (config: Record<string, unknown>) => ({
      ...config,
      toolBarBrand: { ...(config.toolBarBrand as object), brandId: "" },
    });
    expect(brandless(hosted.htmlConfig as Record<string, unknown>)).toEqual(brandless(offline.htmlConfig));
    expect(offline.htmlConfig.toolBarBrand).toMatchObject({
      title: "Roundtrip Press",
      link: "https://example.com/press",
    });
    expect(hosted.bookmarks).toEqual(offline.bookmarks);
    expect(hosted.languages).toEqual(offline.languages);
    expect(hosted.outline).toEqual(offline.outline);
    expect(offline.outline[0]).toMatchObject({ title: "Opening", collapsed: true });
    expect(offline.outline[1]).toMatchObject({ title: "Website", url: "https://example.com/more" });
    const { offline: gate, ...offlineLock } = offline.lock;
    expect(hostedLocked.lock).toEqual(offlineLock);
    expect(gate.sha256).toMatch(/^[0-9a-f]{64}$/);
    const pages = (book: { pages: { locked?: boolean; media?: unknown }[] }) =>
      book.pages.map((page) => ({ locked: page.locked ?? false, media: page.media ?? [] }));
    expect(pages(hostedLocked as never)).toEqual(pages(offline));
    const download = (hosted.settings as { download: { pdfUrl?: string; allowSinglePage: boolean } }).download;
    expect(download.allowSinglePage).toBe(false);
    expect(download.pdfUrl).toBeTruthy();
    expect(offline.settings.download).toMatchObject({
      allowSinglePage: false,
      pdfUrl: expect.stringMatching(/^files\/download\//),
      attachments: [{ name: "notes.txt", url: "files/download/notes.txt" }],
    });

    // `turnleaf studio` edits the project as a book of its own: that book says the same as the uploaded one.
    const studio = startCli(workDir, home, ["studio", "project", "--no-start", "--lang", "en"], {
      TURNLEAF_SERVER: services.gatewayUrl,
    });
    await expect.poll(() => studio.output.stdout, { timeout: 120_000 }).toMatch(/^editor: /m);
    const studioBook = (await readJson("project/project.json")).studio[services.gatewayUrl] as { number: string };
    studio.child.stdin?.write("q\n");
    expect((await studio.exited).code, studio.output.stderr).toBe(0);
    const inStudio = (await (await fetch(`${services.gatewayUrl}/b/${studioBook.number}/book.json`)).json()) as Record<
      string,
      unknown
    >;
    for (const field of ["bookmarks", "languages", "outline", "lock"] as const) {
      expect(inStudio[field], field).toEqual(hostedLocked[field]);
    }
    expect(brandless(inStudio.htmlConfig as Record<string, unknown>)).toEqual(
      brandless(hosted.htmlConfig as Record<string, unknown>),
    );
    expect(pages(inStudio as never)).toEqual(pages(hostedLocked as never));

    // In Chromium: the first spread of the hosted book and of the offline one, as the DOM has them.
    browser = await launchChromium();
    const view = { viewport: { width: 1400, height: 900 } };
    // The reader who unlocked it (the bookmark on the protected page 3 is listed; the offline gate lists it anyway).
    const hostedPage = await browser.newPage(view);
    const [grantName, ...grantValue] = grant.split("=");
    await hostedPage
      .context()
      .addCookies([{ name: grantName ?? "", value: grantValue.join("="), url: services.gatewayUrl }]);
    await hostedPage.goto(`${online.link}?lang=en`);
    const offlinePage = await browser.newPage(view);
    await offlinePage.goto(pathToFileURL(join(workDir, "offline", "FlipBook", "index.html")).href);
    const [hostedSpread, offlineSpread] = [await firstSpread(hostedPage), await firstSpread(offlinePage)];
    expect(hostedSpread.notes).toEqual(["A note on page one"]);
    expect(hostedSpread.tabs).toEqual([expect.objectContaining({ text: "Mark" })]);
    expect(offlineSpread).toEqual(hostedSpread);
    await hostedPage.close();
    await offlinePage.close();
  });

  it("pulls the online book back into a project equal to the original", async () => {
    const pulled = await cli(["pull", online.bookId, "--out", "pulled", "--lang", "en"]);
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(pulled.stdout).toContain(`pulled the online book ${online.bookId}`);
    // The password itself never comes back from the server: said, and the rest of the part is there.
    expect(pulled.stderr).toContain("its password cannot be read back");
    const original = await readJson("project/project.json");
    const copy = await readJson("pulled/project.json");
    const { password: secret, ...others } = parts.password;
    expect(secret).toBe("sesame");
    expect(copy.password).toEqual(others);
    for (const part of ["settings", "toc", "bookmarks", "languages", "media", "download", "brands"] as const) {
      expect(copy[part], part).toEqual(original[part]);
    }
    expect(copy.pageAudio).toEqual(original.pageAudio);
    expect(copy.pageAudio.pages.map((entry: { source: string }) => entry.source)).toEqual(["speech", "file"]);
    // The MP3s came into audio/: the author's file as it was, the speech as the book service spoke it.
    expect(
      (await readFile(join(workDir, "pulled", "audio", "page-2.mp3"))).equals(
        await readFile(join(workDir, "chapter-two.mp3")),
      ),
    ).toBe(true);
    expect((await readFile(join(workDir, "pulled", "audio", "page-1.mp3"))).length).toBeGreaterThan(1000);
    expect(copy).toMatchObject({ title: "Round Trip", pageCount: 4 });
    expect(await readFile(join(workDir, "pulled", "attachments", "notes.txt"), "utf8")).toBe(
      "notes that travel with the book\n",
    );
    expect(existsSync(join(workDir, "pulled", "source", "original.pdf"))).toBe(true);
    expect(copy.cloud[services.gatewayUrl]).toMatchObject({ bookId: online.bookId });
  });

  it("shows what the other side changed and never overwrites it without --force; overwrite keeps number and link", async () => {
    await api("/api/book/update-book", { bookId: online.bookId, bookConfig: JSON.stringify({ bgColor: "#abcdef" }) });
    // Chinese by default, English with --lang en; nothing uploaded either way.
    const noLocale = { TURNLEAF_SERVER: services.gatewayUrl, TURNLEAF_LANG: "", LC_ALL: "", LC_MESSAGES: "", LANG: "" };
    const refusedZh = await runCli(workDir, home, ["upload", "project", "--overwrite", online.bookId], noLocale);
    expect(refusedZh.code).toBe(65);
    expect(refusedZh.stderr).toContain(`在线书 ${online.bookId} 自本项目上次同步以来已更改：settings: bgColor`);
    const refused = await cli(["upload", "project", "--overwrite", online.bookId, "--lang", "en"]);
    expect(refused.code).toBe(65);
    expect(refused.stderr).toContain(`The online book ${online.bookId} changed since this project last synced with it`);
    expect(refused.stderr).not.toContain("upload task");

    // Pull into the project: the online change comes over, shown, and the project's pages stay.
    const pulled = await cli(["pull", online.bookId, "--out", "project", "--lang", "en"]);
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(pulled.stderr).toContain(`${online.bookId}: settings: bgColor`);
    const project = await readJson("project/project.json");
    expect(project.settings.bgColor).toBe("#abcdef");
    expect(project.password.password).toBe("sesame");

    // A local change since: pull refuses to overwrite it, upload sends it (keeping the book's number and link).
    expect((await cli(["project", "set", "project", "bgColor=#010203"])).code).toBe(0);
    expect((await cli(["project", "save", "project"])).code).toBe(0);
    const refusedPull = await cli(["pull", online.bookId, "--out", "project", "--lang", "en"]);
    expect(refusedPull.code).toBe(65);
    expect(refusedPull.stderr).toContain("The project changed since it last synced with the online book");
    expect(refusedPull.stderr).toContain("settings");
    const audioBefore = await api("/api/book/get-page-audio", { bookId: online.bookId });
    const overwritten = await cli(["upload", "project", "--overwrite", online.bookId, "--json", "--lang", "en"]);
    expect(overwritten.code, overwritten.stderr).toBe(0);
    expect(JSON.parse(overwritten.stdout)).toMatchObject({ bookId: online.bookId, link: online.link, revision: 2 });
    expect((await api("/api/book/get-book", { bookId: online.bookId })).htmlConfig).toMatchObject({
      bgColor: "#010203",
    });
    // Page audio the book already has as the project has it is neither spoken nor uploaded again.
    expect(await api("/api/book/get-page-audio", { bookId: online.bookId })).toEqual(audioBefore);

    // Page audio changed online is a change of the other side: shown, and pulled into the project with its file.
    await api("/api/book/set-page-speech", { bookId: online.bookId, page: "3", text: "Page three", voice: "en" });
    const refusedAudio = await cli(["upload", "project", "--overwrite", online.bookId, "--lang", "en"]);
    expect(refusedAudio.code).toBe(65);
    expect(refusedAudio.stderr).toContain("pageAudio");
    const pulledAudio = await cli(["pull", online.bookId, "--out", "project", "--lang", "en"]);
    expect(pulledAudio.code, pulledAudio.stderr).toBe(0);
    expect(pulledAudio.stderr).toContain(`${online.bookId}: pageAudio`);
    const withAudio = await readJson("project/project.json");
    expect(withAudio.pageAudio.pages[2]).toEqual({
      page: 3,
      source: "speech",
      file: "audio/page-3.mp3",
      text: "Page three",
      voice: "en",
      speed: 175,
      caption: false,
      captionPosition: "bottom",
    });
    expect(existsSync(join(workDir, "project", "audio", "page-3.mp3"))).toBe(true);

    // A book whose download config does not offer its original PDF cannot give a new project its pages: said so.
    await api("/api/book/update-book", {
      bookId: online.bookId,
      downloadconfig: JSON.stringify({
        pdf: { isOriginPath: true, url: "", urlOnlink: "" },
        isDownloadProject: false,
        isDownloadAttach: false,
        attachments: [],
        hideDownloadSinglePage: true,
        code: "",
      }),
    });
    const noOriginal = await cli(["pull", online.bookId, "--out", "pulled-again", "--lang", "en"]);
    expect(noOriginal.code).toBe(65);
    expect(noOriginal.stderr).toContain(
      `The online book ${online.bookId} does not offer its original PDF for download`,
    );
  });
});

describe("offline books lose nothing", { timeout: 180_000 }, () => {
  it("shows downloads, contents links and collapse, bookmark styles, media, the password gate and languages from disk", async () => {
    const published = await cli(["publish", "project", "--format", "html", "--out", "disk", "--lang", "en"]);
    expect(published.code, published.stderr).toBe(0);
    browser ??= await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const failures: string[] = [];
    page.on("pageerror", (error) => failures.push(error.message));
    await page.goto(pathToFileURL(join(workDir, "disk", "FlipBook", "index.html")).href);
    const spread = await firstSpread(page);
    expect(spread.background).not.toBe("rgb(58, 63, 71)");
    expect(spread.tabs).toEqual([expect.objectContaining({ text: "Mark", colour: "rgb(255, 0, 0)" })]);
    expect(spread.textured).toContain("tl-bookmarks-textured");
    expect(spread.notes).toEqual(["A note on page one"]);
    expect(spread.languages).toEqual(["中文", "English"]);

    // Contents: the linked entry opens its URL; the collapsed entry's sub-entries appear when it is unfolded.
    await page.getByRole("button", { name: "Contents" }).click();
    expect(await page.getByRole("link", { name: /Website/ }).getAttribute("href")).toBe("https://example.com/more");
    expect(await page.getByRole("button", { name: /Second page/ }).count()).toBe(0);
    await page.getByRole("button", { name: "Opening", exact: true }).click();
    await page.getByRole("button", { name: /Second page/ }).click();

    // Downloads: the original PDF and the attachment, both inside the folder.
    await page.getByRole("button", { name: "Download" }).click();
    const pdfHref = (await page.getByRole("link", { name: "Original PDF" }).getAttribute("href")) ?? "";
    const attachmentHref = (await page.getByRole("link", { name: "notes.txt" }).getAttribute("href")) ?? "";
    expect(
      (await readFile(join(workDir, "disk", "FlipBook", decodeURIComponent(pdfHref)))).subarray(0, 5).toString(),
    ).toBe("%PDF-");
    expect(await readFile(join(workDir, "disk", "FlipBook", attachmentHref), "utf8")).toBe(
      "notes that travel with the book\n",
    );
    await page.keyboard.press("Escape");

    // The password gate: pages from 3 on are locked until the password is given (checked in the browser).
    await page.keyboard.press("End");
    await expect.poll(() => page.getByTestId("announcer").textContent()).toMatch(/Page 4 of 4|Page 3–4 of 4/);
    const locked = page.locator(".tl-face-locked");
    await expect.poll(() => locked.count()).toBeGreaterThan(0);
    await locked.first().getByRole("button", { name: "Enter password" }).click();
    await page.getByRole("dialog").getByLabel("Password", { exact: true }).fill("wrong");
    await page.getByRole("dialog").getByRole("button", { name: "OK" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Incorrect Password!");
    await page.getByRole("dialog").getByLabel("Password", { exact: true }).fill("sesame");
    await page.getByRole("dialog").getByRole("button", { name: "OK" }).click();
    await expect.poll(() => locked.count()).toBe(0);
    expect(failures).toEqual([]);
    await page.close();
  });
});
