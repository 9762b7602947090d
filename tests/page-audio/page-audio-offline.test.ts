import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumArgs, chromiumPath } from "../browser.js";
import { assertCliBuilt, runCli } from "../cli/run-cli.js";
import { writeMediaProject } from "../media/media-project.js";
import { toneMp3 } from "./audio-fixtures.js";
import { isMp3 } from "./page-audio-stack.js";

// Page audio of a local project through the built CLI (`turnleaf project audio`: speech spoken here by espeak-ng, an
// MP3 checked and copied, captions, play settings; bad values refused with the tool's texts, Chinese by default),
// then `turnleaf publish --format html`: the flipbook carries the audio files and, opened from disk in Chromium
// (autoplay allowed, as after a reader's click), plays page 1's speech and page 2's MP3 with their captions, turning
// after each, and holds at page 3 (no audio, "pause on pages without audio").
const offlineReader = fileURLToPath(new URL("../../web/reader/dist-offline", import.meta.url));
let browser: Browser;
let workDir: string;
let home: string;

beforeAll(async () => {
  assertCliBuilt();
  if (!existsSync(join(offlineReader, "reader.js")))
    throw new Error("build first: npm run build:offline -w web/reader");
  workDir = await mkdtemp(join(tmpdir(), "turnleaf-page-audio-offline-"));
  home = join(workDir, "home");
  await mkdir(home, { recursive: true });
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [...chromiumArgs, "--autoplay-policy=no-user-gesture-required"],
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

// The tool speaks Chinese by default; these runs check its default texts.
const cli = (...args: string[]) => runCli(workDir, home, args, { TURNLEAF_LANG: "zh-CN" });

const audioState = (page: Page) =>
  page.locator('[data-testid="page-audio"]').evaluate((element: HTMLAudioElement) => ({
    page: element.dataset.page ?? "",
    time: element.currentTime,
    src: element.currentSrc,
  }));

describe("page audio of a local project", () => {
  it("is set by the CLI, shipped by publish and played from disk", async () => {
    const projectDir = await writeMediaProject(join(workDir, "project"), { settings: { pageMode: "single" } }, 4);
    const spoken = await cli(
      "project",
      "audio",
      projectDir,
      "1",
      "--tts",
      "Welcome to page one.",
      "--voice",
      "en",
      "--speed",
      "220",
      "--caption",
      "top",
    );
    expect(spoken.code, spoken.stderr).toBe(0);
    expect(spoken.stdout.trim()).toBe("第 1 页：音频已保存（audio/page-1.mp3）");
    expect(isMp3(await readFile(join(projectDir, "audio", "page-1.mp3")))).toBe(true);

    await writeFile(join(workDir, "chapter-two.mp3"), toneMp3(1.5));
    const filed = await cli(
      "project",
      "audio",
      projectDir,
      "2",
      "--mp3",
      "chapter-two.mp3",
      "--text",
      "Chapter two",
      "--caption",
      "bottom",
      "--lang",
      "en",
    );
    expect(filed.code, filed.stderr).toBe(0);
    expect(filed.stdout.trim()).toBe("page 2: audio saved (audio/page-2.mp3)");

    // Refusals: a page off the book, a file that is not an MP3, a voice or a pause out of range, two sources.
    await writeFile(join(workDir, "fake.mp3"), "not audio at all");
    const refusals: [string[], string][] = [
      [["9", "--tts", "x"], "第 9 页不是本项目的页面（1–4）"],
      [["3", "--mp3", "fake.mp3"], `${join(workDir, "fake.mp3")} 不是 MP3 文件`],
      [["3", "--tts", "x", "--voice", "fr"], "语音必须是 zh, en 之一"],
      [["3", "--tts", "   "], "请输入要朗读的文字"],
      [["--pause", "61"], "停顿必须为 0 至 60 秒"],
      [["3", "--tts", "x", "--clear"], "请只选择 --tts、--mp3 或 --clear 之一"],
    ];
    for (const [args, message] of refusals) {
      const run = await cli("project", "audio", projectDir, ...args);
      expect(run.code, args.join(" ")).not.toBe(0);
      expect(run.stderr).toContain(message);
    }

    const play = await cli(
      "project",
      "audio",
      projectDir,
      "--auto-flip",
      "on",
      "--pause",
      "0",
      "--pause-without-audio",
      "on",
    );
    expect(play.stdout.trim()).toBe("播放设置已保存");
    const listed = JSON.parse((await cli("project", "audio", projectDir, "--json")).stdout) as {
      pages: { page: number; source: string; file: string; caption: boolean; captionPosition: string }[];
      play: unknown;
    };
    expect(listed.pages.map(({ page, source, captionPosition }) => ({ page, source, captionPosition }))).toEqual([
      { page: 1, source: "speech", captionPosition: "top" },
      { page: 2, source: "file", captionPosition: "bottom" },
    ]);
    expect(listed.play).toEqual({ autoFlip: true, pauseSeconds: 0, pauseWithoutAudio: true });

    const published = await cli("publish", projectDir, "--format", "html", "--out", "out");
    expect(published.code, published.stderr).toBe(0);
    const flipBook = join(workDir, "out", "FlipBook");
    expect((await readdir(join(flipBook, "files", "audio"))).sort()).toEqual(["page-1.mp3", "page-2.mp3"]);

    const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
    await page.goto(pathToFileURL(join(flipBook, "index.html")).href);
    await expect.poll(async () => (await audioState(page)).page, { timeout: 20_000 }).toBe("1");
    await expect.poll(async () => (await audioState(page)).time, { timeout: 20_000 }).toBeGreaterThan(0.2);
    expect((await audioState(page)).src).toMatch(/^file:\/\/.*\/FlipBook\/files\/audio\/page-1\.mp3$/);
    const caption = page.locator('[data-testid="page-audio-caption"]');
    await expect.poll(() => caption.textContent()).toBe("Welcome to page one.");
    expect(await caption.getAttribute("class")).toContain("tl-page-audio-caption-top");

    const announced = () => page.locator('[data-testid="announcer"]').textContent();
    await expect.poll(announced, { timeout: 30_000 }).toMatch(/第 2 页/);
    await expect.poll(async () => (await audioState(page)).page, { timeout: 20_000 }).toBe("2");
    await expect.poll(async () => (await audioState(page)).time, { timeout: 20_000 }).toBeGreaterThan(0.2);
    await expect.poll(() => caption.textContent()).toBe("Chapter two");
    await expect.poll(announced, { timeout: 30_000 }).toMatch(/第 3 页/);
    await page.waitForTimeout(3_000);
    expect(await announced()).toMatch(/第 3 页/);
    await page.close();

    const cleared = await cli("project", "audio", projectDir, "all", "--clear");
    expect(cleared.stdout.trim()).toBe("已清除 2 页的音频");
    expect(existsSync(join(projectDir, "audio", "page-1.mp3"))).toBe(false);
  }, 120_000);
});
