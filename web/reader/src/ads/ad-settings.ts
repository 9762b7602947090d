import type { AdSettings } from "../settings/types.js";
import { asAlpha, asBoolean, asColour, asNumber, asObject, asUrl } from "../settings/values.js";

/** The ad config of spec 000 §3 (haveAd, bgOpacity, bgColor, interval default 3000 ms, data[], adPosition). */
export function adSettings(value: unknown): AdSettings | null | undefined {
  const parsed = asObject(value);
  if (parsed === null) return null;
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return undefined;
  const config = parsed as Record<string, unknown>;
  if (!asBoolean(config.haveAd ?? true)) return null;
  const data = Array.isArray(config.data) ? config.data : [];
  const items = data.flatMap((entry) => {
    if (!entry || typeof entry !== "object") return [];
    const record = entry as Record<string, unknown>;
    const image = asUrl(record.image ?? record.img ?? record.src ?? record.url) ?? "";
    const link = asUrl(record.link ?? record.href ?? "") ?? "";
    const text = String(record.text ?? record.title ?? "");
    return image || text ? [{ image, link, text }] : [];
  });
  if (items.length === 0) return null;
  const interval = asNumber(config.interval);
  return {
    interval: interval && interval >= 500 ? interval : 3000,
    bgColor: asColour(config.bgColor) ?? "#000000",
    bgOpacity: asAlpha(config.bgOpacity) ?? 0.6,
    position: String(config.adPosition ?? "bottom").toLowerCase() === "top" ? "top" : "bottom",
    items,
  };
}
