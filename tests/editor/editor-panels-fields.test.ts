import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { labelledPdf } from "../fixtures/pdf/generate.js";
import { workerSystem } from "../setup/worker-stores.js";
import { uploadPdf } from "../support/system.js";
import { type Book, panelsHarness } from "./editor-panels-fixtures.js";

// Issue 17's fields and panels in Chromium against the built processes and the real stores: TOC ids and links,
// bookmark side edge and texture, logo checks, business cards, book languages and my themes (saved from the
// settings the tests before them stored). Chinese by default, once in English. Page quality, the phone toolbar, the
// category and the support QR: editor-panels-toolbar.test.ts.
const screenshots = process.env.TURNLEAF_SCREENSHOTS ?? tmpdir();
const services = await workerSystem();
let book: Book;
const harness = panelsHarness(services, () => book);
const { api, htmlConfig, openEditor, saveState, lastToast } = harness;

let context: BrowserContext;
/**
 * Another site: serves a 4000×4000 JPEG, as a logo URL an owner might type, and at /slow-logo.jpg a 600×600 one
 * 1.5 s late (`slowServed` settles once it is sent).
 */
let elsewhere: Server;
let elsewhereUrl: string;
let slowServed: Promise<void>;

const bigJpeg = () =>
  sharp({ create: { width: 4000, height: 4000, channels: 3, background: "#3366aa" } })
    .jpeg({ quality: 40 })
    .toBuffer();

beforeAll(async () => {
  ({ context } = await harness.start());
  const big = await bigJpeg();
  const small = await sharp({ create: { width: 600, height: 600, channels: 3, background: "#aa6633" } })
    .jpeg()
    .toBuffer();
  let served: () => void = () => undefined;
  slowServed = new Promise((resolve) => {
    served = resolve;
  });
  elsewhere = createServer((request, response) => {
    response.writeHead(200, { "content-type": "image/jpeg" });
    if (request.url !== "/slow-logo.jpg") return response.end(big);
    setTimeout(() => response.end(small, served), 1_500);
  });
  await new Promise<void>((resolve) => elsewhere.listen(0, "127.0.0.1", resolve));
  elsewhereUrl = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
}, 180_000);

afterAll(async () => {
  elsewhere?.close();
  await harness.stop();
});

describe("contents entries link to a page or a URL", () => {
  it("uploads the book these tests edit", async () => {
    book = await uploadPdf(services.gatewayUrl, await labelledPdf("FIELD", 4), { title: "Fields Book" });
  }, 180_000);

  it("round-trips through save and reload, and the reader follows both links", async () => {
    const page = await openEditor();
    try {
      await page.getByRole("tab", { name: "目录", exact: true }).click();
      await page.getByRole("button", { name: "添加目录项", exact: true }).click();
      await page.getByLabel("标题 1", { exact: true }).fill("第三页");
      await page.getByLabel("页码 1", { exact: true }).fill("3");
      await page.getByRole("button", { name: "添加目录项", exact: true }).click();
      await page.getByLabel("标题 2", { exact: true }).fill("官网");
      await page.getByLabel("链接 2", { exact: true }).selectOption({ label: "网址" });
      await page.getByLabel("链接网址 2", { exact: true }).fill("https://harbour.example/tides");
      // No 保存 button: the contents save by themselves once complete.
      await expect.poll(() => page.getByTestId("list-save-state").textContent()).toBe("已保存");
      const stored = await api<{ catalog: { id: string; title: string; page: number; url: string }[] }>(
        "/api/book/get-book-catalog",
        { bookId: book.bookId },
      );
      expect(stored.data.catalog).toMatchObject([
        { title: "第三页", page: 3, url: "" },
        { title: "官网", url: "https://harbour.example/tides" },
      ]);
      expect(stored.data.catalog.every((entry) => /^[A-Za-z0-9_-]{1,32}$/.test(entry.id))).toBe(true);

      // A link the server refuses: its Chinese text, nothing stored.
      await page.getByLabel("链接网址 2", { exact: true }).fill("ftp://harbour.example/");
      await expect.poll(() => lastToast(page)).toBe("目录项 2：链接必须是 http 或 https 地址");
      expect(
        (await api<{ catalog: { url: string }[] }>("/api/book/get-book-catalog", { bookId: book.bookId })).data
          .catalog[1]?.url,
      ).toBe("https://harbour.example/tides");
    } finally {
      await page.close();
    }

    const again = await openEditor();
    try {
      await again.getByRole("tab", { name: "目录", exact: true }).click();
      expect(await again.getByLabel("链接 1", { exact: true }).inputValue()).toBe("page");
      expect(await again.getByLabel("链接 2", { exact: true }).inputValue()).toBe("url");
      expect(await again.getByLabel("链接网址 2", { exact: true }).inputValue()).toBe("https://harbour.example/tides");
      await again.screenshot({ path: join(screenshots, "editor-toc-links-zh.png") });
    } finally {
      await again.close();
    }

    const reader = await context.newPage();
    try {
      await reader.goto(`${services.gatewayUrl}/b/${book.number}`);
      await reader.getByRole("button", { name: "目录", exact: true }).click();
      const outline = reader.getByRole("complementary", { name: "目录" });
      const link = outline.getByRole("link", { name: /官网/ });
      expect(await link.getAttribute("href")).toBe("https://harbour.example/tides");
      expect(await link.getAttribute("rel")).toContain("noopener");
      await outline.getByRole("button", { name: /第三页/ }).click();
      await expect.poll(() => new URL(reader.url()).pathname).toMatch(new RegExp(`^/b/${book.number}/[23]$`));
    } finally {
      await reader.close();
    }
  }, 180_000);

  it("labels the link fields in English when the interface is English", async () => {
    const page = await openEditor("en");
    try {
      await page.getByRole("tab", { name: "Contents", exact: true }).click();
      expect(await page.getByLabel("Link 2", { exact: true }).locator("option:checked").textContent()).toBe(
        "Web address",
      );
      expect(await page.getByLabel("Link URL 2", { exact: true }).inputValue()).toBe("https://harbour.example/tides");
    } finally {
      await page.close();
    }
  }, 120_000);
});

describe("bookmark side edge and texture", () => {
  it("round-trip through the settings, survive a reload and reach the reader", async () => {
    expect((await api("/api/book/add-book-bookmark", { bookId: book.bookId })).code).toBe("OK");
    const page = await openEditor();
    try {
      const side = page.locator('.setting[data-key="bookmarkOnSideEdge"] input');
      const texture = page.locator('.setting[data-key="bookmarkHasTexture"] input');
      expect(await side.isChecked()).toBe(true);
      expect(await texture.isChecked()).toBe(false);
      await side.click();
      await expect.poll(() => saveState(page)).toBe("success");
      await texture.click();
      await expect.poll(() => saveState(page)).toBe("success");
      await expect
        .poll(async () => {
          const stored = await htmlConfig();
          return [stored.bookmarkOnSideEdge, stored.bookmarkHasTexture];
        })
        .toEqual([false, true]);
      // Sent straight to the API, a value that is no switch is refused with the catalogue's text.
      const refused = await api("/api/book/update-book", {
        bookId: book.bookId,
        bookConfig: JSON.stringify({ bookmarkHasTexture: { on: 1 } }),
      });
      expect(refused.code).toBe("ERROR");
      expect(refused.msg).toContain("书签纹理");
    } finally {
      await page.close();
    }
    const again = await openEditor();
    try {
      expect(await again.locator('.setting[data-key="bookmarkOnSideEdge"] input').isChecked()).toBe(false);
      expect(await again.locator('.setting[data-key="bookmarkHasTexture"] input').isChecked()).toBe(true);
    } finally {
      await again.close();
    }
    const reader = await context.newPage();
    try {
      await reader.goto(`${services.gatewayUrl}/b/${book.number}`);
      const tabs = reader.locator("nav.tl-bookmarks");
      await tabs.waitFor();
      expect(await tabs.getAttribute("data-edge")).toBe("top");
      expect(await tabs.getAttribute("class")).toContain("tl-bookmarks-textured");
    } finally {
      await reader.close();
    }
  }, 180_000);
});

describe("logo checks", () => {
  it("refuses a large JPEG typed as the logo's URL with the server's Chinese text and keeps the stored logo", async () => {
    // A 4000×4000 JPEG stored for another purpose (a background may be that large), then typed as the logo.
    const upload = await context.request.post(`${services.gatewayUrl}/api/common/upload-file`, {
      multipart: {
        purpose: "image",
        file: { name: "big.jpg", mimeType: "image/jpeg", buffer: await bigJpeg() },
      },
    });
    const stored = (await upload.json()) as { code: string; data: { url: string } };
    expect(stored.code).toBe("OK");
    const page = await openEditor();
    try {
      await page.getByRole("tab", { name: "基本信息", exact: true }).click();
      const logo = page.locator('.setting[data-key="appLogoIcon"]');
      // The hint agrees with the setting's own description (the toolbar icon, 34×34 recommended).
      expect(await logo.locator(".file-hint").textContent()).toBe("建议尺寸 34*34 px，最大 500*500 px");
      expect(await logo.locator(".setting-text small").first().textContent()).toContain("34×34");
      const field = logo.locator("input:not([type=file])");
      await field.fill(stored.data.url);
      await field.press("Enter");
      await expect.poll(() => lastToast(page)).toContain("图片尺寸最大 500*500 px，当前 4000*4000");
      await expect.poll(() => field.inputValue()).toBe("");
      expect((await htmlConfig()).appLogoIcon).toBeUndefined();
      await page.screenshot({ path: join(screenshots, "editor-logo-typed-refused-zh.png") });

      // Another site's picture is measured as the browser loads it: the same text, nothing sent. The server's
      // toast says the same, so it must be gone first (toasts last five seconds).
      let updates = 0;
      page.on("request", (request) => {
        if (request.url().endsWith("/api/book/update-book")) updates += 1;
      });
      await expect.poll(() => page.locator(".toast").count()).toBe(0);
      await field.fill(`${elsewhereUrl}/logo.jpg`);
      await field.press("Enter");
      await expect.poll(() => lastToast(page)).toBe("图片尺寸最大 500*500 px，当前 4000*4000");
      // A typed URL of a type no file setting takes is refused before anything loads; a slower site's picture
      // typed just before it, measured after, no longer speaks (its refusal would be stale).
      await field.fill(`${elsewhereUrl}/slow-logo.jpg`);
      await field.press("Enter");
      await field.fill(`${elsewhereUrl}/logo.svg`);
      await field.press("Enter");
      await expect.poll(() => lastToast(page)).toBe("不支持的文件类型，可用：jpg, png, gif");
      await slowServed;
      await page.waitForTimeout(1_500);
      expect(await page.locator(".toast", { hasText: "当前 600*600" }).count()).toBe(0);
      expect(updates).toBe(0);
      expect((await htmlConfig()).appLogoIcon).toBeUndefined();
    } finally {
      await page.close();
    }
  }, 120_000);
});

describe("business cards and book languages", () => {
  it("edits and deletes a business card; the panel shows what the server stored", async () => {
    const added = await api<{ cardId: string }>("/api/book/add-business-card", {
      name: "林海",
      title: "编辑",
      company: "港湾出版",
      phone: "+86 10 5555 0100",
      email: "lin@harbour.example",
    });
    expect(added.code).toBe("OK");
    const page = await openEditor();
    try {
      await page.getByRole("tab", { name: "基本信息", exact: true }).click();
      const panel = page.getByRole("region", { name: "名片" });
      await panel.getByRole("button", { name: "编辑名片 林海" }).click();
      const editing = panel.getByRole("group", { name: "编辑名片" });
      await editing.getByLabel("公司").fill("港湾地图社");
      await editing.getByRole("button", { name: "保存名片" }).click();
      await page.getByText("名片已保存").waitFor();
      const list = async () =>
        (await api<{ list: { cardId: string; company: string }[] }>("/api/book/get-business-card-list", {})).data.list;
      expect(await list()).toContainEqual(
        expect.objectContaining({ cardId: added.data.cardId, company: "港湾地图社" }),
      );
      await panel.getByRole("listitem").getByText("林海 · 港湾地图社").waitFor();
      page.once("dialog", (dialog) => void dialog.accept());
      await panel.getByRole("button", { name: "删除名片 林海" }).click();
      await page.getByText("名片已删除").waitFor();
      expect((await list()).some((card) => card.cardId === added.data.cardId)).toBe(false);
      expect(await panel.getByRole("button", { name: "删除名片 林海" }).count()).toBe(0);
    } finally {
      await page.close();
    }
  }, 120_000);

  it("deletes a book language", async () => {
    const checkedCodes = async () =>
      (
        await api<{ languages: { code: string; checked: boolean }[] }>("/api/book/get-book-language", {
          bookId: book.bookId,
        })
      ).data.languages
        .filter((language) => language.checked)
        .map((language) => language.code);
    const page = await openEditor();
    try {
      await page.getByRole("tab", { name: "多语言", exact: true }).click();
      // English added as an owner adds it, then deleted.
      await page.getByLabel("English", { exact: true }).check();
      await page.getByRole("button", { name: "保存", exact: true }).click();
      await page.getByText("语言已保存").waitFor();
      expect(await checkedCodes()).toContain("en");
      await page.getByRole("button", { name: "删除语言 English" }).click();
      await page.getByText("语言已删除").waitFor();
      expect(await checkedCodes()).not.toContain("en");
      await expect.poll(() => page.getByRole("button", { name: "删除语言 English" }).count()).toBe(0);
      expect(await page.getByLabel("English", { exact: true }).isChecked()).toBe(false);
      // Chinese stays in every book: it has no delete button.
      expect(await page.getByRole("button", { name: "删除语言 中文" }).count()).toBe(0);
    } finally {
      await page.close();
    }
  }, 120_000);
});

describe("my themes", () => {
  it("saves the current settings as a named theme, refuses a name the server does not take, applies and deletes it", async () => {
    const page = await openEditor();
    try {
      await page.getByRole("tab", { name: "主题", exact: true }).click();
      const panel = page.getByRole("region", { name: "我的主题" });
      const name = panel.getByLabel("主题名称（字母、数字、- _ .）");
      await name.fill("海港 主题");
      await panel.getByRole("button", { name: "将当前设置保存为我的主题" }).click();
      await expect.poll(() => lastToast(page)).toBe("名称须为 1 到 64 个字母、数字、“-”、“_”或“.”");
      await name.fill("harbour-1");
      await panel.getByRole("button", { name: "将当前设置保存为我的主题" }).click();
      await page.getByText("主题已保存").waitFor();
      const themes = async () =>
        (await api<{ list: { name: string; theme: Record<string, unknown> }[] }>("/api/book/get-custom-theme", {})).data
          .list;
      // The book's settings as stored by the tests above (the bookmark tabs along the top, textured).
      expect(await themes()).toContainEqual({
        name: "harbour-1",
        theme: expect.objectContaining({ bookmarkOnSideEdge: false, bookmarkHasTexture: true }),
        updatedAt: expect.any(String),
      });
      const updated = await api("/api/book/update-book", {
        bookId: book.bookId,
        bookConfig: JSON.stringify({ bookmarkHasTexture: false }),
      });
      expect(updated.code).toBe("OK");
      await page.reload();
      await page.getByTestId("save-state").waitFor();
      await page.getByRole("tab", { name: "主题", exact: true }).click();
      await page.getByRole("region", { name: "我的主题" }).getByRole("button", { name: "应用 harbour-1" }).click();
      await expect.poll(() => saveState(page)).toBe("success");
      await expect.poll(async () => (await htmlConfig()).bookmarkHasTexture).toBe(true);
      await page.getByRole("region", { name: "我的主题" }).getByRole("button", { name: "删除 harbour-1" }).click();
      await page.getByText("主题已删除").waitFor();
      expect((await themes()).some((theme) => theme.name === "harbour-1")).toBe(false);
    } finally {
      await page.close();
    }
  }, 120_000);
});
