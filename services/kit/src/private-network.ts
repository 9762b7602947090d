import { BlockList, isIP } from "node:net";
import ipaddr from "ipaddr.js";

/**
 * Addresses an outbound call made for an owner (a lead webhook, a picture fetched by its URL) may not reach unless
 * the deployment allows them: anything that is not plain global unicast on the public internet. The special ranges
 * are ipaddr.js's (loopback, private and carrier-grade NAT, link-local with the clouds' metadata service at
 * 169.254.169.254, unique-local and site-local IPv6, multicast, documentation, benchmarking and reserved blocks…);
 * an IPv6 address outside 2000::/3 is not global either. IPv6 forms that carry an IPv4 address (mapped
 * ::ffff:a.b.c.d, translated ::ffff:0:a.b.c.d, the old compatible ::a.b.c.d, 6to4 2002::/16, NAT64 64:ff9b::/96,
 * Teredo 2001::/32) are judged by the IPv4 addresses they carry; the local-use NAT64 prefix 64:ff9b:1::/48 is never
 * public. Otherwise an owner could make the service call into the network it runs in (server-side request forgery).
 */
type Parsed = ipaddr.IPv4 | ipaddr.IPv6;

const localNat64 = ipaddr.parseCIDR("64:ff9b:1::/48") as [ipaddr.IPv6, number];
const globalUnicast = ipaddr.parseCIDR("2000::/3") as [ipaddr.IPv6, number];

function parse(address: string): Parsed | undefined {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (!isIP(bare)) return undefined;
  try {
    return ipaddr.parse(bare);
  } catch {
    return undefined;
  }
}

const v4 = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 255, low >> 8, low & 255]);

/** The IPv4 addresses an IPv6 one carries, or undefined when it is no such form. */
export function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4[] | undefined {
  const words = address.parts;
  const [w0 = 0, w1 = 0, w2 = 0, w3 = 0, w4 = 0, w5 = 0, w6 = 0, w7 = 0] = words;
  const range = address.range() as string;
  if (range === "ipv4Mapped" || range === "rfc6145") return [v4(w6, w7)];
  if (range === "6to4") return [v4(w1, w2)];
  // Teredo: the server's address, then the client's (inverted).
  if (range === "teredo") return [v4(w2, w3), v4(w6 ^ 0xffff, w7 ^ 0xffff)];
  if (range === "rfc6052" && !address.match(localNat64)) return [v4(w6, w7)];
  // IPv4-compatible ::a.b.c.d (deprecated): the first 96 bits zero, and not :: or ::1.
  if (w0 === 0 && w1 === 0 && w2 === 0 && w3 === 0 && w4 === 0 && w5 === 0 && (w6 !== 0 || w7 > 1)) return [v4(w6, w7)];
  return undefined;
}

function privateParsed(address: Parsed): boolean {
  if (address.kind() === "ipv4") return address.range() !== "unicast";
  const v6 = address as ipaddr.IPv6;
  const inner = embeddedIpv4(v6);
  if (inner) return inner.some((ip) => ip.range() !== "unicast");
  return v6.range() !== "unicast" || !v6.match(globalUnicast);
}

/** Whether an IP address (v4 or v6 text) is outside the public internet; anything that is no IP counts as private. */
export function isPrivateAddress(address: string): boolean {
  const parsed = parse(address);
  return parsed ? privateParsed(parsed) : true;
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
    // A prefix is required: a bare address read as /0 would allow every address of its family.
    const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : Number.NaN;
    if (family === 0 || !Number.isInteger(bits) || bits > (family === 4 ? 32 : 128)) {
      throw new Error(`not a network block: ${block}`);
    }
    allowed.addSubnet(network, bits, family === 4 ? "ipv4" : "ipv6");
  }
  return allowed;
}

/** Whether an address may be reached: public, or inside a network the deployment allows (IPv4 inside IPv6 by it). */
export function reachableAddress(address: string, allowed?: BlockList): boolean {
  const parsed = parse(address);
  if (!parsed) return false;
  if (!privateParsed(parsed)) return true;
  if (!allowed) return false;
  if (parsed.kind() === "ipv4") return allowed.check(parsed.toString(), "ipv4");
  const inner = embeddedIpv4(parsed as ipaddr.IPv6);
  if (inner) return inner.every((ip) => ip.range() === "unicast" || allowed.check(ip.toString(), "ipv4"));
  return allowed.check(parsed.toString(), "ipv6");
}
