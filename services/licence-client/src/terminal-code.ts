import { createHash } from "node:crypto";

/**
 * A terminal (machine) code is built from several machine components, each hashed on the machine so the
 * server never learns a serial number or MAC address: `T1-<machine>-<cpu>-<disk>-<network>`, 12 hex digits
 * each. One MAC address alone breaks when a VPN or container adapter appears, so two codes denote the same
 * terminal when at most one component differs.
 */
export const terminalComponentNames = ["machineId", "cpu", "disk", "network"] as const;
export type TerminalComponents = Record<(typeof terminalComponentNames)[number], string>;

const componentHexLength = 12;
const terminalCodePattern = new RegExp(`^T1(-[0-9a-f]{${componentHexLength}}){${terminalComponentNames.length}}$`);

function componentHash(name: string, value: string): string {
  return createHash("sha256")
    .update(`turnleaf-terminal/1\0${name}\0${value.trim()}`)
    .digest("hex")
    .slice(0, componentHexLength);
}

/** The terminal code of this machine, from the raw component values the desktop tool reads. */
export function terminalCodeFromComponents(components: TerminalComponents): string {
  return ["T1", ...terminalComponentNames.map((name) => componentHash(name, components[name]))].join("-");
}

/** The canonical form of a terminal code (case ignored), or undefined when it is not one. */
export function normaliseTerminalCode(input: string): string | undefined {
  const lowered = input.trim().toLowerCase();
  const code = lowered.startsWith("t1") ? `T1${lowered.slice(2)}` : lowered;
  return terminalCodePattern.test(code) ? code : undefined;
}

/** The component hashes of a canonical terminal code. */
export function terminalComponentHashes(terminalCode: string): string[] {
  return terminalCode.split("-").slice(1);
}

/** Whether two component lists denote the same machine: equal but for at most one component. */
export function sameTerminalComponents(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  return a.filter((component, index) => component !== b[index]).length <= 1;
}

/** Whether two terminal codes denote the same machine (malformed codes match nothing). */
export function terminalsMatch(a: string, b: string): boolean {
  const first = normaliseTerminalCode(a);
  const second = normaliseTerminalCode(b);
  if (!first || !second) return false;
  return sameTerminalComponents(terminalComponentHashes(first), terminalComponentHashes(second));
}
