/**
 * CPU time of the processes a bench started (its direct children: every service and store of the stack, and the
 * beacon sender), read from /proc, so a bench can say which process a load costs and how much. Linux only.
 */
import { readdir, readFile } from "node:fs/promises";
import { basename } from "node:path";

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ, 100 on Linux). */
const ticksPerSecond = 100;

export type CpuSnapshot = Map<string, number>;

async function childNames(parent: number): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, "utf8").catch(() => "");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(fields[1]) !== parent) continue;
    const commandLine = (await readFile(`/proc/${entry}/cmdline`, "utf8").catch(() => "")).split("\0");
    const service = commandLine.join(" ").match(/services\/([\w-]+)\/dist\/main\.js/)?.[1];
    const sender = commandLine.some((part) => part.endsWith("statistics-sender.ts"));
    names.set(Number(entry), service ?? (sender ? "beacon sender" : basename(commandLine[0] ?? entry)));
  }
  return names;
}

/** CPU milliseconds so far of each child of this process by name (processes of one name added), and of itself. */
export async function cpuSnapshot(): Promise<CpuSnapshot> {
  const snapshot: CpuSnapshot = new Map();
  for (const [pid, name] of await childNames(process.pid)) {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime, stime, cutime, cstime: the 12th to 15th fields after the name (children: a `nice` wrapper's own).
    const ticks = [11, 12, 13, 14].reduce((total, index) => total + Number(fields[index] ?? 0), 0);
    snapshot.set(name, (snapshot.get(name) ?? 0) + (ticks * 1000) / ticksPerSecond);
  }
  const own = process.cpuUsage();
  snapshot.set("bench (reader load)", (own.user + own.system) / 1000);
  return snapshot;
}

/** Each process's share of one core between two snapshots, busiest first (those under 1 % left out). */
export function cpuShares(before: CpuSnapshot, after: CpuSnapshot, wallMs: number): [string, number][] {
  return [...after]
    .map(([name, ms]): [string, number] => [name, (100 * (ms - (before.get(name) ?? 0))) / wallMs])
    .filter(([, share]) => share >= 1)
    .sort((a, b) => b[1] - a[1]);
}

export const formatShares = (shares: [string, number][]) =>
  shares.map(([name, share]) => `${name} ${Math.round(share)} %`).join(", ");
