/**
 * This machine's terminal code, from four components read on the machine and hashed by the licence-client
 * library (the server never sees a raw value). Each component says where it came from, so `turnleaf terminal`
 * can show which sources exist here; a component whose sources all fail is "unknown" (it then never changes,
 * and the code tolerates one changed component anyway).
 *
 *   machineId  /etc/machine-id, else /var/lib/dbus/machine-id
 *   cpu        the "model name" of /proc/cpuinfo, else Node's os.cpus() model
 *   disk       the disk holding "/" (from /proc/self/mountinfo): its /dev/disk/by-id name, else its serial or
 *              WWID in /sys/class/block, else its kernel name and size in sectors
 *   network    the MAC of the default-route interface (/proc/net/route), else of the first non-internal one
 */
import { readdir, readFile, readlink } from "node:fs/promises";
import { cpus, networkInterfaces } from "node:os";
import { basename } from "node:path";
import { type TerminalComponents, terminalCodeFromComponents } from "@turnleaf/licence-client";

export interface Component {
  value: string;
  source: string;
}

export interface Terminal {
  terminalCode: string;
  components: Record<keyof TerminalComponents, Component>;
}

async function readText(path: string): Promise<string | undefined> {
  try {
    const text = (await readFile(path, "utf8")).trim();
    return text === "" ? undefined : text;
  } catch {
    return undefined;
  }
}

const unknown: Component = { value: "unknown", source: "none found" };

async function machineId(): Promise<Component> {
  for (const path of ["/etc/machine-id", "/var/lib/dbus/machine-id"]) {
    const value = await readText(path);
    if (value) return { value, source: path };
  }
  return unknown;
}

async function cpu(): Promise<Component> {
  const info = await readText("/proc/cpuinfo");
  const model = info
    ?.split("\n")
    .find((line) => /^(model name|Hardware|cpu model)\s*:/.test(line))
    ?.split(":")
    .slice(1)
    .join(":")
    .trim();
  if (model) return { value: model, source: "/proc/cpuinfo" };
  const fromNode = cpus()[0]?.model?.trim();
  return fromNode ? { value: fromNode, source: "os.cpus()" } : unknown;
}

/** The block device mounted at "/" ("vda1" for /dev/vda1), when it is one. */
async function rootDevice(): Promise<{ name: string; majorMinor: string } | undefined> {
  const mountinfo = await readText("/proc/self/mountinfo");
  for (const line of mountinfo?.split("\n") ?? []) {
    const fields = line.split(" ");
    if (fields[4] !== "/") continue;
    const separator = fields.indexOf("-");
    const source = separator > 0 ? fields[separator + 2] : undefined;
    if (source?.startsWith("/dev/")) return { name: basename(source), majorMinor: fields[2] ?? "" };
  }
  return undefined;
}

/** The whole disk of a partition ("vda" for "vda1"), through /sys/class/block. */
async function wholeDisk(name: string): Promise<string> {
  if (await readText(`/sys/class/block/${name}/partition`)) {
    try {
      const target = await readlink(`/sys/class/block/${name}`);
      const parts = target.split("/");
      return parts[parts.length - 2] ?? name;
    } catch {
      return name;
    }
  }
  return name;
}

async function disk(): Promise<Component> {
  const root = await rootDevice();
  if (!root) return unknown;
  const diskName = await wholeDisk(root.name);
  try {
    for (const entry of (await readdir("/dev/disk/by-id")).sort()) {
      const target = await readlink(`/dev/disk/by-id/${entry}`).catch(() => "");
      if (basename(target) === diskName) return { value: entry, source: `/dev/disk/by-id/${entry}` };
    }
  } catch {
    // no /dev/disk/by-id (containers, minimal systems)
  }
  for (const attribute of ["serial", "device/serial", "wwid", "device/wwid"]) {
    const path = `/sys/class/block/${diskName}/${attribute}`;
    const value = await readText(path);
    if (value) return { value, source: path };
  }
  const size = await readText(`/sys/class/block/${diskName}/size`);
  if (size) return { value: `${diskName}:${size}`, source: `/sys/class/block/${diskName}/size (name and size)` };
  return unknown;
}

async function defaultRouteInterface(): Promise<string | undefined> {
  const routes = await readText("/proc/net/route");
  for (const line of routes?.split("\n").slice(1) ?? []) {
    const [name, destination] = line.trim().split(/\s+/);
    if (destination === "00000000" && name) return name;
  }
  return undefined;
}

async function network(): Promise<Component> {
  const interfaces = networkInterfaces();
  const macOf = (name: string) =>
    interfaces[name]?.find((address) => !address.internal && address.mac && address.mac !== "00:00:00:00:00:00")?.mac;
  const preferred = await defaultRouteInterface();
  const preferredMac = preferred ? macOf(preferred) : undefined;
  if (preferred && preferredMac) return { value: preferredMac, source: `${preferred} (default route)` };
  for (const name of Object.keys(interfaces).sort()) {
    const mac = macOf(name);
    if (mac) return { value: mac, source: name };
  }
  return unknown;
}

export async function readTerminal(): Promise<Terminal> {
  const [machine, processor, storage, adapter] = await Promise.all([machineId(), cpu(), disk(), network()]);
  const components = { machineId: machine, cpu: processor, disk: storage, network: adapter };
  const terminalCode = terminalCodeFromComponents({
    machineId: machine.value,
    cpu: processor.value,
    disk: storage.value,
    network: adapter.value,
  });
  return { terminalCode, components };
}
