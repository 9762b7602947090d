import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateLicenceCode } from "@turnleaf/licence-client";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { labelledPdf, passwordPdf, photo, richPdf, spreadPdf } from "../fixtures/pdf/generate.js";
import { assertCliBuilt, cliMain, runCli, startCli } from "./run-cli.js";

// Projects (save, open, unsaved changes, re-import keeping the configuration), templates, the import options and
// batch stop-all, all through the built CLI in a trial home (none of these talks to a server).
let workDir: string;
let home: string;
const cli = (args: string[]) => runCli(workDir, home, args, { TURNLEAF_SERVER: "http://127.0.0.1:9" });
const json = async (args: string[]) => {
  const result = await cli([...args, "--json"]);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
};
const readJson = async (path: string) => JSON.parse(await readFile(join(workDir, path), "utf8"));

beforeAll(async () => {
  assertCliBuilt();
  workDir = await mkdtemp(join(tmpdir(), "turnleaf-cli-projects-"));
  home = join(workDir, "home");
  await mkdir(home);
  await writeFile(join(workDir, "three.pdf"), await labelledPdf("P", 3));
  await writeFile(join(workDir, "five.pdf"), await labelledPdf("F", 5));
  await writeFile(join(workDir, "rich.pdf"), await richPdf());
  await writeFile(join(workDir, "spread.pdf"), await spreadPdf());
  await writeFile(join(workDir, "locked.pdf"), await passwordPdf("sesame"));
  await writeFile(join(workDir, "cover.png"), await photo(120, 160, 3));
}, 60_000);

afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe("turnleaf project", () => {
  it("saves only changes, asks before discarding them, and re-import replaces pages but keeps the configuration", async () => {
    const imported = await cli(["import", "three.pdf", "--out", "proj-a"]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(await readJson("proj-a/project.json")).toMatchObject({ name: "My Project", pageCount: 3, settings: {} });

    const before = await stat(join(workDir, "proj-a", "project.json"));
    const unchanged = await cli(["project", "save", "proj-a"]);
    expect(unchanged.code).toBe(0);
    expect(unchanged.stdout).toContain("no changes: nothing to save");
    expect((await stat(join(workDir, "proj-a", "project.json"))).mtimeMs).toBe(before.mtimeMs);

    expect((await cli(["project", "set", "proj-a", "bgColor=#112233", "flipTime=0.3"])).code).toBe(0);
    expect(await json(["project", "show", "proj-a"])).toMatchObject({
      unsavedChanges: true,
      settings: { bgColor: "#112233", flipTime: 0.3 },
    });
    // Saved configuration is untouched until save.
    expect((await readJson("proj-a/project.json")).settings).toEqual({});
    expect((await cli(["project", "set", "no-such-project", "x=1"])).code).toBe(66);

    // Importing into a project with unsaved changes needs an answer (there is no terminal to ask on).
    const refused = await cli(["import", "five.pdf", "--out", "proj-a"]);
    expect(refused.code).toBe(65);
    expect(refused.stderr).toContain(
      '"My Project" has unsaved changes: answer with --save-changes or --discard-changes',
    );
    expect((await readJson("proj-a/project.json")).pageCount).toBe(3);

    const saved = await cli(["project", "save", "proj-a", "--name", "Harbour"]);
    expect(saved.stdout).toContain("saved");
    expect(await readJson("proj-a/project.json")).toMatchObject({
      name: "Harbour",
      settings: { bgColor: "#112233", flipTime: 0.3 },
    });

    // Re-import: new pages, same configuration and name.
    const reimported = await cli(["import", "five.pdf", "--out", "proj-a"]);
    expect(reimported.code, reimported.stderr).toBe(0);
    const project = await readJson("proj-a/project.json");
    expect(project).toMatchObject({ name: "Harbour", pageCount: 5, settings: { bgColor: "#112233", flipTime: 0.3 } });
    expect(project.sources.map((source: { name: string }) => source.name)).toEqual(["five.pdf"]);
    expect((await readJson("proj-a/book/manifest.json")).pageCount).toBe(5);

    // Opening another project: the unsaved changes of the open one are settled first.
    expect((await cli(["project", "open", "proj-a"])).code).toBe(0);
    expect((await cli(["import", "three.pdf", "--out", "proj-b"])).code).toBe(0);
    await cli(["project", "set", "proj-a", "bgColor=#445566"]);
    const ask = await cli(["project", "open", "proj-b"]);
    expect(ask.code).toBe(65);
    expect(ask.stderr).toContain("before opening another project");
    const discarded = await cli(["project", "open", "proj-b", "--discard-changes"]);
    expect(discarded.code, discarded.stderr).toBe(0);
    expect(discarded.stderr).toContain('discarded the unsaved changes of "Harbour"');
    expect((await readJson("proj-a/project.json")).settings.bgColor).toBe("#112233");
    expect(await json(["project", "show", "proj-a"])).toMatchObject({ unsavedChanges: false });
  });
});

describe("turnleaf template", () => {
  it("saves, lists, exports, imports and replaces templates with the spec's refusals", async () => {
    expect((await cli(["import", "three.pdf", "--out", "tpl-source"])).code).toBe(0);
    await cli(["project", "set", "tpl-source", "bgColor=#abcdef", "toolbarAlpha=0.5"]);
    expect((await cli(["project", "save", "tpl-source"])).code).toBe(0);

    const refusals: [string[], string][] = [
      [["--cover", "cover.png", "--parts", "settings"], "Template save failed: no name"],
      [["--name", "Blue", "--parts", "settings"], "Template save failed: no cover"],
      [["--name", "Blue", "--cover", "three.pdf", "--parts", "settings"], "Template save failed: no cover"],
      [["--name", "Blue", "--cover", "cover.png"], "Template save failed: no items checked"],
    ];
    for (const [args, message] of refusals) {
      const refused = await cli(["template", "save", "tpl-source", ...args]);
      expect(refused.code, message).toBe(65);
      expect(refused.stderr, message).toContain(message);
    }
    const saved = await cli([
      "template",
      "save",
      "tpl-source",
      "--name",
      "Blue",
      "--cover",
      "cover.png",
      "--parts",
      "settings,toc",
    ]);
    expect(saved.code, saved.stderr).toBe(0);
    const again = await cli([
      "template",
      "save",
      "tpl-source",
      "--name",
      "blue ",
      "--cover",
      "cover.png",
      "--parts",
      "settings",
    ]);
    expect(again.code).toBe(65);
    expect(again.stderr).toContain("Template save failed: already in list");
    expect(await json(["template", "list"])).toEqual([
      expect.objectContaining({ name: "Blue", parts: ["settings", "toc"] }),
    ]);

    const badSuffix = await cli(["template", "export", "Blue", "--out", "blue.json"]);
    expect(badSuffix.code).toBe(65);
    expect(badSuffix.stderr).toContain("the file name must end with .tltemplate");
    expect((await cli(["template", "export", "Blue", "--out", "blue.tltemplate"])).code).toBe(0);
    const exported = await readJson("blue.tltemplate");
    expect(exported).toMatchObject({
      name: "Blue",
      parts: ["settings", "toc"],
      config: { settings: { bgColor: "#abcdef" } },
    });
    expect(Buffer.from(exported.cover.data, "base64")).toEqual(await readFile(join(workDir, "cover.png")));

    // Another user imports it; the same name again is refused, a broken file is a wrong configuration.
    const otherHome = join(workDir, "home-other");
    await mkdir(otherHome);
    const other = (args: string[]) => runCli(workDir, otherHome, args);
    expect((await other(["template", "import", "blue.tltemplate"])).code).toBe(0);
    const duplicate = await other(["template", "import", "blue.tltemplate"]);
    expect(duplicate.code).toBe(65);
    expect(duplicate.stderr).toContain("already in list");
    await writeFile(join(workDir, "broken.tltemplate"), JSON.stringify({ ...exported, parts: ["nonsense"] }));
    await writeFile(join(workDir, "garbage.tltemplate"), "{not json");
    for (const file of ["broken.tltemplate", "garbage.tltemplate"]) {
      const wrong = await other(["template", "import", file]);
      expect(wrong.code, file).toBe(65);
      expect(wrong.stderr, file).toContain("Template import failed: wrong import configuration");
    }

    // Replace: the template's parts become the project's unsaved configuration.
    expect((await other(["import", "three.pdf", "--out", "tpl-target"])).code).toBe(0);
    const replaced = await other(["template", "replace", "Blue", "tpl-target"]);
    expect(replaced.code, replaced.stderr).toBe(0);
    expect(replaced.stdout).toContain('replaced settings, toc from "Blue"');
    expect(JSON.parse((await other(["project", "show", "tpl-target", "--json"])).stdout)).toMatchObject({
      unsavedChanges: true,
      settings: { bgColor: "#abcdef", toolbarAlpha: 0.5 },
    });
    expect((await other(["project", "save", "tpl-target"])).code).toBe(0);
    expect((await readJson("tpl-target/project.json")).settings).toEqual({ bgColor: "#abcdef", toolbarAlpha: 0.5 });
    const missing = await other(["template", "replace", "Green", "tpl-target"]);
    expect(missing.code).toBe(66);
    expect(missing.stderr).toContain("Template replace failed");
    expect((await other(["template", "delete", "Blue"])).code).toBe(0);
    expect(JSON.parse((await other(["template", "list", "--json"])).stdout)).toEqual([]);
  });
});

// Each test runs several imports (the conversion pipeline in the CLI process): minutes on two busy cores.
describe("turnleaf import options", { timeout: 180_000 }, () => {
  it("takes the rendering engine, wide-page cut and information extraction", async () => {
    const withText = await cli(["import", "rich.pdf", "--out", "opt-text"]);
    expect(withText.code, withText.stderr).toBe(0);
    const textManifest = await readJson("opt-text/book/manifest.json");
    expect(textManifest.outline.length).toBeGreaterThan(0);
    expect(textManifest.search).not.toBeNull();
    expect(textManifest.pages.some((page: { links: unknown[] }) => page.links.length > 0)).toBe(true);

    const bare = await cli([
      "import",
      "rich.pdf",
      "--out",
      "opt-bare",
      "--engine",
      "image",
      "--no-toc",
      "--no-links",
      "--no-search",
    ]);
    expect(bare.code, bare.stderr).toBe(0);
    const bareManifest = await readJson("opt-bare/book/manifest.json");
    expect(bareManifest.engine).toBe("hd-image");
    expect(bareManifest.outline).toEqual([]);
    expect(bareManifest.search).toBeNull();
    expect(bareManifest.pages.every((page: { links: unknown[] }) => page.links.length === 0)).toBe(true);
    expect((await readJson("opt-bare/project.json")).import).toMatchObject({
      engine: "image",
      toc: false,
      links: false,
      search: false,
    });

    const spreads = await cli(["import", "spread.pdf", "--out", "opt-cut", "--cut", "1"]);
    expect(spreads.code, spreads.stderr).toBe(0);
    const whole = await cli(["import", "spread.pdf", "--out", "opt-whole"]);
    expect(whole.code, whole.stderr).toBe(0);
    expect((await readJson("opt-cut/book/manifest.json")).pageCount).toBe(
      2 * (await readJson("opt-whole/book/manifest.json")).pageCount,
    );

    for (const [args, message] of [
      [["--engine", "warp"], "--engine must be text or image"],
      [["--cut", "7"], "--cut must be none, auto, 1, 2 or 3"],
    ] as const) {
      const bad = await cli(["import", "rich.pdf", "--out", "opt-bad", ...args]);
      expect(bad.code).toBe(64);
      expect(bad.stderr).toContain(message);
    }
    const ghostscript = await cli(["import", "rich.pdf", "--out", "opt-bad", "--engine", "ghostscript"]);
    expect(ghostscript.code).toBe(69);
    expect(ghostscript.stderr).toContain("Ghostscript");
  });

  it("merges PDFs in order, imports images, checks quality bounds and passwords", async () => {
    const merged = await cli(["import", "three.pdf", "five.pdf", "--out", "opt-merged", "--pages", "2-7"]);
    expect(merged.code, merged.stderr).toBe(0);
    expect((await readJson("opt-merged/book/manifest.json")).pageCount).toBe(6);

    await writeFile(join(workDir, "a.png"), await photo(300, 400, 1));
    await writeFile(join(workDir, "b.png"), await photo(300, 400, 2));
    const images = await cli(["import", "a.png", "b.png", "--out", "opt-images", "--quality", "HD"]);
    expect(images.code, images.stderr).toBe(0);
    expect(await readJson("opt-images/project.json")).toMatchObject({
      pageCount: 2,
      import: { quality: { preset: "HD" } },
    });
    // An image over 10 MB: the answer decides (there is no terminal to ask on).
    await writeFile(
      join(workDir, "large.png"),
      await sharp({
        create: {
          width: 2000,
          height: 2000,
          channels: 3,
          background: "#808080",
          noise: { type: "gaussian", mean: 128, sigma: 60 },
        },
      })
        .png({ compressionLevel: 0 })
        .toBuffer(),
    );
    expect((await stat(join(workDir, "large.png"))).size).toBeGreaterThan(10 * 1024 * 1024);
    const unanswered = await cli(["import", "a.png", "large.png", "--out", "opt-large"]);
    expect(unanswered.code).toBe(65);
    expect(unanswered.stderr).toContain(
      "large.png: images must be under 10 MB: continue with large images or skip them",
    );
    const skipped = await cli(["import", "a.png", "large.png", "--out", "opt-large", "--large-images", "skip"]);
    expect(skipped.code, skipped.stderr).toBe(0);
    expect(skipped.stderr).toContain("skipped images over 10 MB: large.png");
    expect((await readJson("opt-large/project.json")).pageCount).toBe(1);
    const kept = await cli(["import", "a.png", "large.png", "--out", "opt-large", "--large-images", "continue"]);
    expect(kept.code, kept.stderr).toBe(0);
    expect((await readJson("opt-large/project.json")).pageCount).toBe(2);
    const none = await cli(["import", "large.png", "--out", "opt-none", "--large-images", "skip"]);
    expect(none.code).toBe(65);
    expect(none.stderr).toContain("no images imported");

    const mixed = await cli(["import", "a.png", "three.pdf", "--out", "opt-mixed"]);
    expect(mixed.code).toBe(65);
    expect(mixed.stderr).toContain("PDFs and images cannot be merged");

    for (const [flag, value, message] of [
      ["--definition", "79", "--definition must be a whole number from 80 to 95"],
      ["--max-edge", "3201", "--max-edge must be a whole number from 450 to 3200"],
      ["--dpi", "71", "--dpi must be a whole number from 72 to 320"],
    ] as const) {
      const bad = await cli(["import", "three.pdf", "--out", "opt-q", "--quality", "custom", flag, value]);
      expect(bad.code, flag).toBe(65);
      expect(bad.stderr, flag).toContain(message);
    }
    const custom = await cli([
      "import",
      "three.pdf",
      "--out",
      "opt-q",
      "--quality",
      "custom",
      "--definition",
      "80",
      "--max-edge",
      "450",
      "--dpi",
      "72",
    ]);
    expect(custom.code, custom.stderr).toBe(0);
    expect((await readJson("opt-q/book/manifest.json")).pages[0].width).toBeLessThanOrEqual(450);

    const noPassword = await cli(["import", "locked.pdf", "--out", "opt-locked"]);
    expect(noPassword.code).toBe(65);
    expect(noPassword.stderr).toContain("protected by a password: give it with --password");
    const wrong = await cli(["import", "locked.pdf", "--out", "opt-locked", "--password", "guess"]);
    expect(wrong.code).toBe(65);
    expect(wrong.stderr).toContain("Wrong password for protected PDF: Incorrect Password!");
    const right = await cli(["import", "locked.pdf", "--out", "opt-locked", "--password", "sesame"]);
    expect(right.code, right.stderr).toBe(0);
    const merge = await cli(["import", "locked.pdf", "three.pdf", "--out", "opt-locked-merge", "--password", "sesame"]);
    expect(merge.code).toBe(65);
    expect(merge.stderr).toContain("Password-protected PDFs cannot be merged");
  });
});

describe("turnleaf import on a terminal", { timeout: 60_000 }, () => {
  it("asks for a protected PDF's password without echoing it", async () => {
    // util-linux script(1) gives the CLI a pseudo-terminal, as a user's shell would.
    const terminal = spawn(
      "script",
      ["-q", "-e", "-c", `"${process.execPath}" "${cliMain}" import locked.pdf --out opt-asked`, "/dev/null"],
      {
        cwd: workDir,
        env: { ...process.env, TURNLEAF_HOME: home, TURNLEAF_SERVER: "http://127.0.0.1:9", TURNLEAF_LANG: "en" },
        stdio: ["pipe", "pipe", "pipe"],
      },
    );
    let output = "";
    terminal.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    const exited = new Promise<number | null>((resolveExit) => terminal.on("exit", resolveExit));
    await expect.poll(() => output, { timeout: 30_000 }).toContain("locked.pdf is protected by a password. Password: ");
    terminal.stdin.write("sesame\r");
    expect(await exited, output).toBe(0);
    expect(output).toContain("imported 1 page");
    expect(output).not.toContain("sesame");
    expect((await readJson("opt-asked/project.json")).pageCount).toBe(1);
  });
});

describe("turnleaf batch stop all", { timeout: 120_000 }, () => {
  it("stops on Ctrl-C: the running task ends as stopped, the rest wait, and --retry finishes them", async () => {
    const folder = join(workDir, "stop-in");
    const out = join(workDir, "stop-out");
    await mkdir(folder);
    for (const name of ["a", "b", "c", "d"]) await writeFile(join(folder, `${name}.pdf`), await labelledPdf(name, 3));
    const running = startCli(workDir, home, ["batch", folder, "--out", out]);
    await expect.poll(() => running.output.stderr, { timeout: 60_000 }).toContain("converting a.pdf");
    running.child.kill("SIGINT");
    const exit = await running.exited;
    expect(exit.code, running.output.stderr).toBe(65);
    expect(running.output.stderr).toContain("stopping all");
    const list = JSON.parse(await readFile(join(out, "batch.json"), "utf8")) as {
      file: string;
      status: string;
      message: string;
    }[];
    // Whichever task was converting when the signal came is the one stopped; those before it finished.
    const stoppedAt = list.findIndex((task) => task.status === "failure");
    expect(stoppedAt).toBeGreaterThanOrEqual(0);
    expect(list[stoppedAt]?.message).toBe("stopped");
    expect(list.slice(0, stoppedAt).every((task) => task.status === "success")).toBe(true);
    expect(list.slice(stoppedAt + 1).every((task) => task.status === "waiting")).toBe(true);
    expect(running.output.stdout).toMatch(/\d succeeded, 1 failed, \d waiting/);
    // The window's tabs: the failure tab holds the stopped task only.
    const failures = await cli(["batch", "--out", out, "--list", "failure", "--json"]);
    expect(failures.code, failures.stderr).toBe(0);
    expect(JSON.parse(failures.stdout)).toEqual([expect.objectContaining({ status: "failure", message: "stopped" })]);

    const retried = await cli(["batch", folder, "--out", out, "--retry"]);
    expect(retried.code, retried.stderr).toBe(0);
    expect(retried.stdout).toContain("4 succeeded, 0 failed, 0 waiting");
    expect(existsSync(join(out, "d", "book", "manifest.json"))).toBe(true);
  });
});

describe("path validation (spec 001 §5)", () => {
  it("checks every path a command takes", async () => {
    const cases: [string[], string][] = [
      [["import", "three.pdf", "--out", "pro:ject"], 'Output path: the name "pro:ject"'],
      [["import", "thr?ee.pdf", "--out", "x"], 'File path: the name "thr?ee.pdf"'],
      [["batch", "in*", "--out", "x"], 'Folder path: the name "in*"'],
      [["upload", "proj|a"], 'Project path: the name "proj|a"'],
      [["studio", "proj<a", "--no-start"], 'Project path: the name "proj<a"'],
      [["project", "show", "proj>a"], 'Project path: the name "proj>a"'],
      [["template", "save", 'proj"a', "--name", "N", "--cover", "cover.png", "--parts", "settings"], "Project path"],
      [["template", "export", "Blue", "--out", "blue！.tltemplate"], 'Output path: the name "blue！.tltemplate"'],
      [["template", "import", ""], "File path must not be empty"],
      [
        ["register", generateLicenceCode(), "--offline", "--request-out", "request.txt"],
        "the file name must end with .tlreq",
      ],
      [["register", "--import", "a:b.tlv"], 'File path: the name "a:b.tlv"'],
    ];
    for (const [args, message] of cases) {
      const refused = await cli(args);
      expect(refused.code, args.join(" ")).toBe(65);
      expect(refused.stderr, args.join(" ")).toContain(message);
    }
  });
});
