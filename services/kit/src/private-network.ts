import { BlockList, isIP } from "node:net";

/**
 * Addresses an outbound call made for an owner (a lead webhook, a picture fetched by its URL) may not reach unless
 * the deployment allows them: anything that is not the
 * public internet (loopback, private and carrier-grade NAT ranges, link-local with the clouds' metadata service at
 * 169.254.169.254, unique-local and site-local IPv6, multicast, documentation and reserved blocks). Otherwise an owner
 * could make the service POST into the network it runs in (server-side request forgery).
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  blocked.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const)
  blocked.addSubnet(network, prefix, "ipv6");

/** The IPv4 address an IPv6 one carries (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, the old compatible ::a.b.c.d). */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::|::)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower)?.[1];
  if (dotted) return dotted;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex?.[1] || !hex[2]) return undefined;
  const high = Number.parseInt(hex[1], 16);
  const low = Number.parseInt(hex[2], 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** Whether an IP address (v4 or v6 text) is outside the public internet; anything that is no IP counts as private. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, "ipv4");
  if (family !== 6) return true;
  const inner = embeddedIpv4(bare);
  if (inner && isIP(inner) === 4) return blocked.check(inner, "ipv4");
  return blocked.check(bare, "ipv6");
}

/** A URL's host as an IP literal (brackets off), or undefined when it is a name. */
export function literalAddress(hostname: string): string | undefined {
  const bare = hostname.replace(/^\[|\]$/g, "");
  return isIP(bare) ? bare : undefined;
}

/**
 * The private networks a deployment lets outbound calls reach (on-premises targets, tests), from CIDR blocks such as
 * `127.0.0.0/8` or `fd00::/8`; none by default. A malformed block throws (config validation lists it).
 */
export function allowedNetworks(blocks: readonly string[]): BlockList {
  const allowed = new BlockList();
  for (const block of blocks) {
    const [network = "", prefix = ""] = block.trim().split("/");
    const family = isIP(network);
    const bits = Number(prefix);
    if (family === 0 || !Number.isInteger(bits) || bits < 0 || bits > (family === 4 ? 32 : 128)) {
      throw new Error(`not a network block: ${block}`);
    }
    allowed.addSubnet(network, bits, family === 4 ? "ipv4" : "ipv6");
  }
  return allowed;
}

/** Whether an address may be reached: public, or inside a network the deployment allows. */
export function reachableAddress(address: string, allowed?: BlockList): boolean {
  if (!isPrivateAddress(address)) return true;
  if (!allowed) return false;
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = isIP(bare);
  if (family === 4) return allowed.check(bare, "ipv4");
  if (family === 6) {
    const inner = embeddedIpv4(bare);
    return inner ? allowed.check(inner, "ipv4") : allowed.check(bare, "ipv6");
  }
  return false;
}
