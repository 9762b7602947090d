import { describe, expect, it } from "vitest";
import {
  normaliseTerminalCode,
  sameTerminalComponents,
  type TerminalComponents,
  terminalCodeFromComponents,
  terminalComponentHashes,
  terminalsMatch,
} from "./terminal-code.js";

const machine: TerminalComponents = {
  machineId: "4c4c4544-0042-3510-8052-b4c04f564d32",
  cpu: "Intel(R) Core(TM) i7-9700 CPU @ 3.00GHz",
  disk: "S4EWNX0N123456",
  network: "00:1a:2b:3c:4d:5e",
};

describe("terminal codes", () => {
  it("hash every machine component, so no serial number or MAC address leaves the machine", () => {
    const code = terminalCodeFromComponents(machine);
    expect(code).toMatch(/^T1(-[0-9a-f]{12}){4}$/);
    for (const value of Object.values(machine)) expect(code).not.toContain(value.toLowerCase());
    expect(terminalCodeFromComponents({ ...machine })).toBe(code);
  });

  it("still match when one component changes (a new network adapter), not when two do", () => {
    const code = terminalCodeFromComponents(machine);
    const newAdapter = terminalCodeFromComponents({ ...machine, network: "02:42:ac:11:00:02" });
    const newDiskToo = terminalCodeFromComponents({ ...machine, network: "02:42:ac:11:00:02", disk: "WD-1" });
    expect(newAdapter).not.toBe(code);
    expect(terminalsMatch(code, newAdapter)).toBe(true);
    expect(terminalsMatch(code, newDiskToo)).toBe(false);
    expect(terminalsMatch(code, terminalCodeFromComponents({ ...machine, machineId: "other" }))).toBe(true);
  });

  it("read in any case and reject anything else", () => {
    const code = terminalCodeFromComponents(machine);
    expect(normaliseTerminalCode(` ${code.toUpperCase()} `)).toBe(code);
    expect(normaliseTerminalCode(code.slice(0, -1))).toBeUndefined();
    expect(normaliseTerminalCode(`${code}-abcdefabcdef`)).toBeUndefined();
    expect(normaliseTerminalCode("00:1a:2b:3c:4d:5e")).toBeUndefined();
    expect(terminalsMatch(code, "garbage")).toBe(false);
    expect(terminalComponentHashes(code)).toHaveLength(4);
    expect(sameTerminalComponents(["a", "b"], ["a", "b", "c"])).toBe(false);
  });
});
