/**
 * --format exe: a Windows executable made by NSIS (makensis, which runs on Linux). Run, it unpacks the offline
 * book into %LOCALAPPDATA%\Turnleaf\<book>\ and opens it in an app-mode window of Edge (every Windows 10/11 has
 * it), else Chrome, sized as asked; without either, in the default browser. Its icon is the cover, its name the
 * book's title (the file's version resource), and it asks for no administrator rights.
 */
import { createHash } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { runTool } from "./tools.js";
import { type LaunchWindow, windowSwitches } from "./window.js";

/** A string inside an NSIS double-quoted argument: $ and " escaped, no line breaks. */
const nsisString = (text: string) =>
  text
    .replace(/\$/g, "$$$$")
    .replace(/"/g, '$\\"')
    .replace(/[\r\n]+/g, " ");
/** A version-resource value: stored as compiled, where $$ would stay doubled; only a define's "${" is broken up. */
const versionString = (text: string) =>
  text
    .replace(/\$\{/g, "$ {")
    .replace(/"/g, '$\\"')
    .replace(/[\r\n]+/g, " ");

export interface ExeInput {
  /** The staged offline book folder (index.html at its top). */
  bookDir: string;
  icoPath: string;
  title: string;
  /** A stable name for the unpack folder and the browser profile (the same book reuses them). */
  bookKey: string;
  window: LaunchWindow;
  outFile: string;
  workDir: string;
}

export function nsisScript(input: ExeInput): string {
  const folder = `$LOCALAPPDATA\\Turnleaf\\${createHash("sha256").update(input.bookKey).digest("hex").slice(0, 16)}`;
  const switches = windowSwitches(input.window).join(" ");
  const title = nsisString(input.title);
  const product = versionString(input.title);
  const browserKeys = [
    ["HKLM", "msedge.exe"],
    ["HKCU", "msedge.exe"],
    ["HKLM", "chrome.exe"],
    ["HKCU", "chrome.exe"],
  ]
    .map(
      ([root, exe]) =>
        `  ReadRegStr $0 ${root} "SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\App Paths\\${exe}" ""\n  StrCmp $0 "" 0 launch`,
    )
    .join("\n");
  return `Unicode true
SetCompressor /SOLID lzma
Name "${title}"
Caption "${title}"
OutFile "${nsisString(input.outFile)}"
Icon "${nsisString(input.icoPath)}"
RequestExecutionLevel user
SilentInstall silent
VIProductVersion "1.0.0.0"
VIAddVersionKey /LANG=0 "ProductName" "${product}"
VIAddVersionKey /LANG=0 "FileDescription" "${product}"
VIAddVersionKey /LANG=0 "FileVersion" "1.0.0.0"
VIAddVersionKey /LANG=0 "ProductVersion" "1.0.0.0"
VIAddVersionKey /LANG=0 "CompanyName" "Turnleaf"

Section
  SetOutPath "${folder}\\book"
  File /r "${nsisString(input.bookDir)}/*"
${browserKeys}
  ExecShell "open" "${folder}\\book\\index.html"
  Goto done
launch:
  Exec '"$0" --app="file:///${folder}\\book\\index.html" --user-data-dir="${folder}\\profile" --no-first-run ${switches}'
done:
SectionEnd
`;
}

/** Writes the NSIS script into workDir and compiles the executable. */
export async function buildExe(input: ExeInput): Promise<void> {
  const script = join(input.workDir, "book.nsi");
  await writeFile(script, nsisScript(input), "utf8");
  await runTool("makensis", ["-V2", "-INPUTCHARSET", "UTF8", script], { cwd: input.workDir });
}
