// The online editor in Chromium against the seven built processes and the real stores, on a book of the owner's:
// the embedding frame's Escape and PAD view, themes and scenes from the resource files (by button and by the
// assistant), the file settings' checks, and a visitor without a session (editor-harness.ts opens the browser).
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { findPreset } from "@turnleaf/editor/testing";
import type { PresetFile, SettingsTree } from "@turnleaf/resource-files";
import { resourceFilesDir } from "@turnleaf/resource-files/node";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { workerSystem } from "../setup/worker-stores.js";
import {
  book,
  browser,
  context,
  frameBackground,
  lastToast,
  leaveEditor,
  screenshots,
  serverBook,
  useEditor,
} from "./editor-harness.js";
import { picture } from "./fixtures.js";

const services = await workerSystem();
// A converted book of the demo owner's own, as the walk of editor-walk.test.ts leaves one.
useEditor(services, { seedBook: "Editor frame and settings" });

describe("the online editor", () => {
  it("sets the close-frame flag on Escape inside an embedding frame unless escape is limited; PAD in view mode", async () => {
    if (!book) throw new Error("the walk did not run");
    const host = await context.newPage();
    await host.goto(`${services.gatewayUrl}/book_edit2/welcome?lang=en`);
    const embed = async (query: string) => {
      await host.evaluate((src) => {
        document.body.innerHTML = `<iframe name="editorFrame" src="${src}" style="width:1300px;height:760px"></iframe>`;
      }, `/book_edit2/editor?num=${book?.number}&lang=en${query}`);
      const frame = host.frameLocator('iframe[name="editorFrame"]');
      await frame.getByRole("tab", { name: "Design" }).waitFor();
      return frame;
    };
    let frame = await embed("&mode=view");
    expect(await frame.getByRole("button", { name: "PAD" }).count()).toBe(1);
    await frame.getByRole("tab", { name: "Design" }).press("Escape");
    const flag = () =>
      host.frame("editorFrame")?.evaluate(() => (window as unknown as { closeFrame?: boolean }).closeFrame);
    expect(await flag()).toBe(true);
    frame = await embed("&limitEsc=1");
    await frame.getByRole("tab", { name: "Design" }).press("Escape");
    expect(await flag()).toBeUndefined();
    await leaveEditor(host);
    await host.close();
  });

  it("applies themes and scenes from the resource files, by button and by the assistant", async () => {
    if (!book) throw new Error("the walk did not run");
    const themes = JSON.parse(await readFile(`${resourceFilesDir}themes/themesConfig.json`, "utf8")) as PresetFile;
    const visit = await context.newPage();
    await visit.goto(`${services.gatewayUrl}/book_edit2/editor?num=${book.number}&lang=en`);
    await visit.getByRole("tab", { name: "Theme" }).click();
    expect(await visit.locator(".designs li").count()).toBe(themes.items.length);
    const iframe = visit.locator('iframe[name="bookEditIframe"]');
    await expect.poll(() => iframe.getAttribute("data-ready"), { timeout: 20_000 }).toBe("true");
    await visit.getByRole("button", { name: "Apply Ocean" }).click();
    await expect.poll(async () => (await serverBook()).htmlConfig.bgColor).toBe("#184e77");
    const frame = visit.frameLocator('iframe[name="bookEditIframe"]');
    await expect.poll(() => frameBackground(frame)).toBe("rgb(24, 78, 119)");
    await visit.screenshot({ path: join(screenshots, "editor-themes.png") });
    await visit.getByRole("tab", { name: "Scene" }).click();
    await visit.getByRole("button", { name: "Apply Snow" }).click();
    await expect.poll(async () => (await serverBook()).htmlConfig.dynamicScene).toBe("snow");

    await visit.getByRole("tab", { name: "Assistant" }).click();
    await visit.getByRole("textbox", { name: /Type an instruction/ }).fill("use the dark theme");
    await visit.getByRole("button", { name: "Send" }).click();
    const dark = findPreset(themes.items, "dark");
    await expect.poll(async () => (await serverBook()).htmlConfig.bgColor).toBe(dark?.settings.bgColor);
    await visit.getByRole("textbox", { name: /Type an instruction/ }).fill("apply the volcano scene");
    await visit.getByRole("button", { name: "Send" }).click();
    await expect.poll(() => visit.locator(".chat-assistant").last().textContent()).toBe("scene change failed");

    // The book's reader languages: English added and kept by the language service.
    await visit.getByRole("tab", { name: "Languages" }).click();
    await visit.getByRole("checkbox", { name: "English" }).check();
    await visit.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => lastToast(visit)).toBe("Languages saved");
    const saved = await context.request.post(`${services.gatewayUrl}/api/book/get-book-language`, {
      form: { bookId: book.bookId },
    });
    const languages = ((await saved.json()) as { data: { languages: { code: string; checked: boolean }[] } }).data
      .languages;
    expect(languages.filter((language) => language.checked).map((language) => language.code)).toEqual(["zh-CN", "en"]);
    await leaveEditor(visit);
    await visit.close();
  });

  it("checks file settings: the GIF error, the compress confirm (cancelled, then done), attachments without exe", async () => {
    if (!book) throw new Error("the walk did not run");
    const visit = await context.newPage();
    await visit.goto(`${services.gatewayUrl}/book_edit2/editor?num=${book.number}&lang=en`);
    await visit.getByRole("tab", { name: "Basic" }).click();
    // The logo picture: the first file setting under the basic tab's logo heading in the catalogue.
    const tree = JSON.parse(await readFile(`${resourceFilesDir}settings/settings.json`, "utf8")) as SettingsTree;
    const logoGroup = tree.groups.flatMap((group) => group.children).find((node) => node.key === "logo");
    const logoKey =
      logoGroup?.type === "composite" ? logoGroup.children.find((node) => node.type === "file")?.key : undefined;
    if (!logoKey) throw new Error("the catalogue has no logo picture setting");
    const logo = visit.locator(`.setting[data-key="${logoKey}"]`);
    const chooser = logo.locator('input[type="file"]');
    await chooser.setInputFiles({ name: "big.gif", mimeType: "image/gif", buffer: await picture(800, 600, "gif") });
    await expect
      .poll(() => lastToast(visit))
      .toBe("please upload an image smaller than 500*500 px! current size is: 800*600");

    const answer = (accept: boolean) =>
      new Promise<string>((resolve) =>
        visit.once("dialog", (dialog) => {
          resolve(dialog.message());
          void (accept ? dialog.accept() : dialog.dismiss());
        }),
      );
    const declined = answer(false);
    await chooser.setInputFiles({ name: "big.png", mimeType: "image/png", buffer: await picture(800, 600, "png") });
    expect(await declined).toBe("image size max 500*500 px, current 800*600, already over the limit! compress it?");
    await expect.poll(() => lastToast(visit)).toBe("compression cancelled");
    // Accepted: scaled on a canvas to 500*375, stored by upload-file, and the setting takes its URL.
    const accepted = answer(true);
    await chooser.setInputFiles({ name: "big.png", mimeType: "image/png", buffer: await picture(800, 600, "png") });
    await accepted;
    await expect.poll(() => logo.locator("input:not([type])").inputValue()).toContain("/api/common/file/");
    const stored = await context.request.get(await logo.locator("input:not([type])").inputValue());
    const size = await sharp(await stored.body()).metadata();
    expect([size.width, size.height]).toEqual([500, 375]);
    await expect.poll(async () => String((await serverBook()).htmlConfig[logoKey])).toContain("/api/common/file/");

    // A business card made here and shown by the book.
    const cards = visit.getByRole("region", { name: "Business card" });
    await cards.getByText("New card").click();
    await cards.getByLabel("Name", { exact: true }).fill("Ada Lovelace");
    await cards.getByLabel("Company").fill("Analytical Engines");
    await cards.getByRole("button", { name: "Add the card" }).click();
    await expect.poll(() => lastToast(visit)).toBe("Business card saved");
    const shown = await context.request.post(`${services.gatewayUrl}/api/book/get-book-business-card`, {
      form: { bookId: book.bookId },
    });
    expect(((await shown.json()) as { data: unknown }).data).toMatchObject({
      card: { name: "Ada Lovelace", company: "Analytical Engines" },
      visible: true,
    });

    // Turning the download button on opens the download settings; an exe is refused as an attachment.
    await visit.getByRole("tab", { name: "Design" }).click();
    // The design tab goes away as the config tab opens: a click, not check(), which would wait on the checkbox.
    await visit.locator('.setting[data-key="DownloadButtonVisible"] input').click();
    await visit.getByRole("region", { name: "Download settings" }).waitFor();
    await expect.poll(() => visit.getByTestId("save-state").getAttribute("data-state")).toBe("success");
    expect((await serverBook()).htmlConfig.DownloadButtonVisible).toBe(true);
    await visit.screenshot({ path: join(screenshots, "editor-config.png") });
    await visit.getByLabel("Attachments").setInputFiles({
      name: "setup.exe",
      mimeType: "application/octet-stream",
      buffer: Buffer.from("MZ"),
    });
    await expect.poll(() => lastToast(visit)).toBe("exe files cannot be attached");

    // Phone numbers and the ad banner: one setting change each, checked and kept by the server.
    const phones = visit.getByRole("region", { name: "Phone numbers" });
    await phones.getByRole("button", { name: "Add a number" }).click();
    await phones.getByLabel("Label 1").fill("Sales");
    await phones.getByLabel("Number 1").fill("+86 10 1234 5678");
    await phones.getByRole("button", { name: "Save" }).click();
    await expect
      .poll(async () => JSON.stringify((await serverBook()).htmlConfig.MultiPhoneNumber ?? null))
      .toMatch(/^\[\{"label":"Sales","number":"[^"]*1234[^"]*"\}\]$/);
    const ads = visit.getByRole("region", { name: "Ad banner" });
    await ads.getByLabel("Show the ad banner").check();
    await ads.getByRole("button", { name: "Add an ad" }).click();
    await ads.getByLabel("Image URL 1").fill(`${services.gatewayUrl}/resourceFiles/brand/turnleaf-logo.svg`);
    await ads.getByLabel("Link 1").fill("https://turnleaf.example/");
    await ads.getByRole("button", { name: "Save" }).click();
    await expect
      .poll(async () => (await serverBook()).htmlConfig.adConfig)
      .toMatchObject({
        haveAd: true,
        interval: 3000,
        data: [
          { image: `${services.gatewayUrl}/resourceFiles/brand/turnleaf-logo.svg`, link: "https://turnleaf.example/" },
        ],
      });
    await visit.getByRole("button", { name: "Replace content" }).click();
    const rows = visit.getByTestId("replace-row");
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(1);
    expect(await rows.evaluateAll((all) => all.map((row) => row.getAttribute("data-status")))).toContain("normal");
    await visit.screenshot({ path: join(screenshots, "editor-replace.png") });
    await rows.filter({ hasText: book.number }).getByRole("button", { name: "Replace content" }).click();
    await expect.poll(() => new URL(visit.url()).pathname).toBe("/book_edit2/convert");
    expect(new URL(visit.url()).searchParams.get("num")).toBe(book.number);
    await leaveEditor(visit);
    await visit.close();
  }, 60_000);

  it("sends a visitor without a live session to /login.php, coming back to the editor", async () => {
    const visitor = await browser.newContext();
    // An unknown session cookie is refused even on a stack with a dev actor: LOGIN_SIGNOUT.
    await visitor.addCookies([{ name: "tl_session", value: "no-such-session", url: services.gatewayUrl }]);
    const visit = await visitor.newPage();
    await visit.goto(`${services.gatewayUrl}/book_edit2/editor?num=${book?.number ?? "x"}`);
    await expect.poll(() => new URL(visit.url()).pathname, { timeout: 10_000 }).toBe("/login.php");
    expect(new URL(visit.url()).searchParams.get("back")).toBe(`/book_edit2/editor?num=${book?.number ?? "x"}`);
    await visitor.close();
  });
});
