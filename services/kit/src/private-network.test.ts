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

  it("refuses every special IPv6 form, judging the IPv4 inside the ones that carry one", () => {
    const refused = [
      "::7f00:1", // IPv4-compatible 127.0.0.1
      "::127.0.0.1",
      "::a9fe:a9fe", // compatible 169.254.169.254
      "::ffff:0:7f00:1", // IPv4-translated (RFC 6145) 127.0.0.1
      "::ffff:0:a00:1",
      "2002:7f00:1::", // 6to4 of 127.0.0.1
      "2002:a00:1::1", // 6to4 of 10.0.0.1
      "2002:a9fe:a9fe::1",
      "64:ff9b::7f00:1", // NAT64 of 127.0.0.1
      "64:ff9b::a9fe:a9fe",
      "64:ff9b::10.0.0.1",
      "64:ff9b:1::a00:1", // local-use NAT64 (RFC 8215): never public
      "64:ff9b:1::808:808",
      "2001:0:4136:e378:8000:63bf:80ff:fffe", // Teredo, client 127.0.0.1 (inverted)
      "2001:0:a00:1:8000:63bf:f7f7:f7f7", // Teredo, server 10.0.0.1
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "2001:db8::1", // documentation
      "2001:2::1", // benchmarking
      "100::1", // discard
      "3fff::1", // documentation (RFC 9637)
      "4000::1", // outside global unicast 2000::/3
      "fec0::1",
      "ff02::1",
      "::",
      "::1",
      "192.0.0.8",
      "192.88.99.1",
      "198.18.0.1",
      "255.255.255.255",
      "",
      "example.com",
    ];
    for (const address of refused) {
      expect(isPrivateAddress(address), address).toBe(true);
      expect(reachableAddress(address), address).toBe(false);
    }
    const allowed = [
      "8.8.8.8",
      "93.184.216.34",
      "2606:4700::1111",
      "2a00:1450:4001:80b::200e",
      "::ffff:8.8.8.8",
      "64:ff9b::808:808", // NAT64 of a public address
      "2002:808:808::1", // 6to4 of a public address
      "2001:0:808:808:8000:63bf:f7f7:f7f7", // Teredo: public server, public client 8.8.8.8
    ];
    for (const address of allowed) {
      expect(isPrivateAddress(address), address).toBe(false);
      expect(reachableAddress(address), address).toBe(true);
    }
    // An allowed network lets its addresses through in their IPv4-carrying forms too, and nothing else.
    const loopback = allowedNetworks(["127.0.0.0/8"]);
    for (const address of ["::7f00:1", "::ffff:0:7f00:1", "2002:7f00:1::", "64:ff9b::7f00:1"])
      expect(reachableAddress(address, loopback), address).toBe(true);
    expect(reachableAddress("2002:a00:1::1", loopback)).toBe(false);
    expect(reachableAddress("64:ff9b:1::7f00:1", loopback)).toBe(false);
    expect(reachableAddress("fd00::1", allowedNetworks(["fd00::/8"]))).toBe(true);
  });

  it("takes CIDR blocks only", () => {
    expect(() => allowedNetworks(["10.0.0.0/33"])).toThrow("not a network block");
    expect(() => allowedNetworks(["intranet/8"])).toThrow("not a network block");
    // A bare address is no block (read as /0 it would allow every address of its family).
    expect(() => allowedNetworks(["10.0.0.0"])).toThrow("not a network block");
    expect(() => allowedNetworks(["10.0.0.0/"])).toThrow("not a network block");
    expect(() => allowedNetworks(["fd00::/8", " 192.168.0.0/16 "])).not.toThrow();
  });
});
