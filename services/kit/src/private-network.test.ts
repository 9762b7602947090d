import { describe, expect, it } from "vitest";
import { allowedNetworks, isPrivateAddress, reachableAddress } from "./private-network.js";

describe("outbound address checks", () => {
  it("refuses private, loopback, link-local and mapped addresses unless their network is allowed", () => {
    for (const address of ["127.0.0.1", "10.1.2.3", "169.254.169.254", "::1", "::ffff:192.168.1.1", "fd00::1"]) {
      expect(isPrivateAddress(address), address).toBe(true);
      expect(reachableAddress(address), address).toBe(false);
    }
    expect(reachableAddress("93.184.216.34")).toBe(true);
    const loopback = allowedNetworks(["127.0.0.0/8"]);
    expect(reachableAddress("127.0.0.1", loopback)).toBe(true);
    expect(reachableAddress("::ffff:127.0.0.1", loopback)).toBe(true);
    expect(reachableAddress("10.1.2.3", loopback)).toBe(false);
    expect(reachableAddress("169.254.169.254", loopback)).toBe(false);
  });

  it("takes CIDR blocks only", () => {
    expect(() => allowedNetworks(["10.0.0.0/33"])).toThrow("not a network block");
    expect(() => allowedNetworks(["intranet/8"])).toThrow("not a network block");
    expect(() => allowedNetworks(["fd00::/8", " 192.168.0.0/16 "])).not.toThrow();
  });
});
