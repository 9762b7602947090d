/**
 * --format app: a macOS application bundle, written as <out>.app and zipped as <out>.app.zip (the launcher keeps
 * its executable bit in the zip). Contents/Info.plist names it (CFBundleName, CFBundleIdentifier, versions),
 * Contents/MacOS/<name> is a shell launcher that opens Resources/book/index.html in an app-mode window of
 * Chrome, Edge, Chromium or Brave (sized as asked), else in the default browser; Resources/icon.icns is the cover.
 */
import { chmod, cp, mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { type Zippable, zipSync } from "fflate";
import { escapeHtml } from "../html-escape.js";
import { type LaunchWindow, windowSwitches } from "./window.js";

export interface AppInput {
  bookDir: string;
  icns: Buffer;
  title: string;
  /** CFBundleIdentifier: reverse-DNS, letters, digits, dots and hyphens. */
  identifier: string;
  version: string;
  window: LaunchWindow;
  /** <name>.app, the bundle folder written. */
  appDir: string;
}

/** The executable's file name: the title without characters a shell script name should not carry. */
export function executableName(title: string): string {
  return title.replace(/[^\p{L}\p{N} _.-]/gu, "").trim() || "Flipbook";
}

export function infoPlist(input: AppInput, executable: string): string {
  const entry = (key: string, value: string) => `  <key>${key}</key>\n  <string>${escapeHtml(value)}</string>\n`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
${entry("CFBundleName", input.title)}${entry("CFBundleDisplayName", input.title)}${entry(
  "CFBundleIdentifier",
  input.identifier,
)}${entry("CFBundleVersion", input.version)}${entry("CFBundleShortVersionString", input.version)}${entry(
  "CFBundleExecutable",
  executable,
)}${entry("CFBundleIconFile", "icon.icns")}${entry("CFBundlePackageType", "APPL")}${entry(
  "CFBundleInfoDictionaryVersion",
  "6.0",
)}${entry("LSMinimumSystemVersion", "10.13")}  <key>NSHighResolutionCapable</key>
  <true/>
</dict>
</plist>
`;
}

/** A single-quoted shell word. */
const shellWord = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

export function launcherScript(input: AppInput): string {
  const switches = windowSwitches(input.window).map(shellWord).join(" ");
  return `#!/bin/sh
# Opens the flipbook in an app window of a Chromium-family browser, else in the default browser.
BOOK="$(cd "$(dirname "$0")/../Resources/book" && pwd)"
URL="file://$(printf '%s' "$BOOK" | sed 's/%/%25/g; s/ /%20/g')/index.html"
PROFILE="$HOME/Library/Application Support/Turnleaf/"${shellWord(input.identifier)}
for NAME in "Google Chrome" "Microsoft Edge" "Chromium" "Brave Browser"; do
  for ROOT in /Applications "$HOME/Applications"; do
    BIN="$ROOT/$NAME.app/Contents/MacOS/$NAME"
    if [ -x "$BIN" ]; then
      exec "$BIN" --app="$URL" --user-data-dir="$PROFILE" --no-first-run ${switches}
    fi
  done
done
exec open "$BOOK/index.html"
`;
}

/** Writes the bundle folder and its zip (<appDir>.zip); answers the zip's path. */
export async function buildApp(input: AppInput): Promise<string> {
  await rm(input.appDir, { recursive: true, force: true });
  const contents = join(input.appDir, "Contents");
  const executable = executableName(input.title);
  await mkdir(join(contents, "MacOS"), { recursive: true });
  await mkdir(join(contents, "Resources"), { recursive: true });
  await writeFile(join(contents, "Info.plist"), infoPlist(input, executable), "utf8");
  await writeFile(join(contents, "PkgInfo"), "APPL????", "latin1");
  const launcher = join(contents, "MacOS", executable);
  await writeFile(launcher, launcherScript(input), "utf8");
  await chmod(launcher, 0o755);
  await writeFile(join(contents, "Resources", "icon.icns"), input.icns);
  await cp(input.bookDir, join(contents, "Resources", "book"), { recursive: true });

  const bundleName = input.appDir.split(sep).pop() as string;
  const files = (await readdir(input.appDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  const entries: Zippable = {};
  for (const file of files) {
    const name = `${bundleName}/${relative(input.appDir, file).split(sep).join("/")}`;
    const mode = (await stat(file)).mode & 0o777;
    const level = /\.(webp|jpe?g|png|icns|zip)$/i.test(file) ? 0 : 6;
    // os 3 (Unix) with the file mode in the high bits of the external attributes: macOS's unzip keeps +x.
    entries[name] = [await readFile(file), { level, os: 3, attrs: ((0o100000 | mode) << 16) >>> 0 }];
  }
  const zipPath = `${input.appDir}.zip`;
  await writeFile(zipPath, zipSync(entries));
  return zipPath;
}
