/**
 * Where LibreOffice runs (#33): inside bubblewrap with an empty filesystem view of its own, holding only the
 * read-only system folders LibreOffice needs (programs, libraries, fonts, its own share and configuration), a
 * private /tmp and the conversion's folder with the document in it; no network (a network namespace with only
 * loopback, down), no other process visible, Ghostscript replaced by an empty file. Every process of it has an
 * address-space limit (`prlimit --as`), so a picture or document that needs more memory fails instead of holding
 * the worker. Where the kernel allows no namespaces the worker falls back to `unshare -rn` (network only) or runs
 * LibreOffice as it is, and says so at start (assemble.ts); the package checks (package-check.ts) hold either way.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/** bubblewrap sandbox, network namespace only, or nothing the kernel allows. */
export type OfficeIsolation = "sandbox" | "network" | "none";

/** The system folders LibreOffice reads, bound read-only where they exist (Debian's layout). */
const systemFolders = [
  "/usr/bin",
  "/usr/lib",
  "/usr/lib64",
  "/usr/share/fonts",
  "/usr/share/fontconfig",
  "/usr/share/libreoffice",
  "/usr/share/zoneinfo",
  "/etc/fonts",
  "/etc/libreoffice",
];

/** Programs LibreOffice may start for pictures that the sandbox hides (EPS and PostScript go through gs). */
const hiddenPrograms = ["/usr/bin/gs", "/usr/bin/ghostscript"];

/** The bwrap arguments (before the command) for a conversion whose files all live in `workDir`. */
export function sandboxArguments(workDir: string): string[] {
  const args = ["--unshare-all", "--die-with-parent", "--new-session", "--clearenv"];
  for (const folder of systemFolders) args.push("--ro-bind-try", folder, folder);
  args.push("--symlink", "usr/bin", "/bin", "--symlink", "usr/lib", "/lib", "--symlink", "usr/lib64", "/lib64");
  for (const program of hiddenPrograms) if (existsSync(program)) args.push("--ro-bind", "/dev/null", program);
  args.push("--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp", "--bind", workDir, workDir, "--chdir", workDir);
  return args;
}

/**
 * The command that runs `command args` with `isolation` and at most `memoryMb` of address space per process.
 * `env` is what the command gets (bwrap clears its own environment and sets these inside).
 */
export function isolatedCommand(
  isolation: OfficeIsolation,
  workDir: string,
  memoryMb: number,
  command: string,
  args: string[],
  env: Record<string, string>,
): [string, string[]] {
  const limit = [`--as=${memoryMb * 1024 * 1024}`, "--"];
  if (isolation === "sandbox") {
    const setEnv = Object.entries(env).flatMap(([name, value]) => ["--setenv", name, value]);
    return ["prlimit", [...limit, "bwrap", ...sandboxArguments(workDir), ...setEnv, command, ...args]];
  }
  if (isolation === "network") return ["prlimit", [...limit, "unshare", "-rn", command, ...args]];
  // prlimit is Linux's (util-linux); the desktop tool on another system runs LibreOffice as it is.
  return process.platform === "linux" ? ["prlimit", [...limit, command, ...args]] : [command, args];
}

function works(command: string, args: string[]): boolean {
  try {
    return spawnSync(command, args, { stdio: "ignore", timeout: 10_000 }).status === 0;
  } catch {
    return false;
  }
}

/**
 * The strongest isolation this machine allows: bubblewrap when it can make its namespaces (an empty view with
 * /usr/bin/true in it runs), else `unshare -rn`, else none.
 */
export function detectIsolation(): OfficeIsolation {
  if (works("bwrap", [...sandboxArguments("/tmp"), "/usr/bin/true"])) return "sandbox";
  if (works("unshare", ["-rn", "true"])) return "network";
  return "none";
}

/** works() without blocking the thread: the command runs while the caller goes on. */
function worksInBackground(command: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    try {
      const child = spawn(command, args, { stdio: "ignore", timeout: 10_000 });
      child.once("error", () => resolve(false));
      child.once("exit", (code) => resolve(code === 0));
    } catch {
      resolve(false);
    }
  });
}

/**
 * detectIsolation() with its probes running in the background: a new replica starts it before it connects its
 * stores and has the answer by the time it takes jobs, without a blocking spawnSync on the way (#36).
 */
export async function detectIsolationInBackground(): Promise<OfficeIsolation> {
  if (await worksInBackground("bwrap", [...sandboxArguments("/tmp"), "/usr/bin/true"])) return "sandbox";
  if (await worksInBackground("unshare", ["-rn", "true"])) return "network";
  return "none";
}
