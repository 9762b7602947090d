import { featuresNeeded, infoFeaturesNeeded } from "@turnleaf/resource-files";
import { formatMessage } from "@turnleaf/resource-files/message-format";
import { ApiError } from "../api.js";

/**
 * What the server decides is what the editor shows (DESIGN §5): after a save the document takes the server's stored
 * htmlConfig (its rules may change other keys), a refused change returns to the stored value, and a change the
 * loaded powers already forbid is refused before anything is sent.
 */

export type Values = Record<string, unknown>;

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * The settings whose stored value differs from the document's: each key of `server`, and each settings key of the
 * document the server no longer has (undefined: removed). `isSetting` picks the document's htmlConfig keys (not the
 * book's own fields or page media).
 */
export function serverChanges(doc: Values, server: Values, isSetting: (key: string) => boolean): Values {
  const adopted: Values = {};
  for (const [key, value] of Object.entries(server)) if (!same(doc[key], value)) adopted[key] = value;
  for (const key of Object.keys(doc)) if (isSetting(key) && !(key in server)) adopted[key] = undefined;
  return adopted;
}

/** The stored value of each key of a refused change (undefined: the server never had it). */
export function storedValues(changed: Values, server: Values): Values {
  return Object.fromEntries(Object.keys(changed).map((key) => [key, server[key]]));
}

/** get-user-custom-config's answer, as far as the gate reads it. */
interface CustomPower {
  features?: Record<string, { allowed?: boolean; source?: string }>;
}

/** A coded message as the server would answer it (the messages catalogue renders it). */
export interface GateRefusal {
  feature: string;
  source: string;
  messageKey: "featureBlocked" | "customQuota";
  messageParams: Record<string, unknown>;
}

/**
 * Spec 000 §6 before sending: the first gated feature the change needs that the loaded custom power refuses. A
 * type's refusal is 'no permission for function X, contact support to unlock', a custom override's the customised
 * quota text — the server's own texts (messages catalogue), the server checks again.
 */
export function gateRefusal(
  change: { bookConfig?: Values; isDownload?: string; downloadconfig?: unknown; desc?: string; label?: string },
  power: unknown,
): GateRefusal | undefined {
  const features = (power as CustomPower | null | undefined)?.features;
  if (!features) return undefined;
  const needed = [...featuresNeeded(change), ...infoFeaturesNeeded({ desc: change.desc, label: change.label })];
  for (const code of needed) {
    const feature = features[code];
    if (feature?.allowed !== false) continue;
    const source = feature.source ?? "type";
    return source === "type"
      ? { feature: code, source, messageKey: "featureBlocked", messageParams: { feature: { key: `feature.${code}` } } }
      : { feature: code, source, messageKey: "customQuota", messageParams: {} };
  }
  return undefined;
}

/** Renders a coded message from a messages catalogue (ICU text via formatMessage; {key} parameters from the catalogue). */
export function renderCoded(catalogue: Record<string, string>, key: string, params: Record<string, unknown>): string {
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (typeof value === "object" && value !== null && typeof (value as { key?: unknown }).key === "string") {
      const ref = (value as { key: string }).key;
      values[name] = catalogue[ref] ?? ref;
    } else values[name] = typeof value === "number" ? value : String(value);
  }
  return formatMessage(catalogue[key] ?? key, values);
}

/** The refusal as the error a server refusal would be (POWER_LIMIT with the key in its data). */
export function gateError(refusal: GateRefusal, catalogue: Record<string, string>): ApiError {
  return new ApiError("POWER_LIMIT", renderCoded(catalogue, refusal.messageKey, refusal.messageParams), {
    feature: refusal.feature,
    source: refusal.source,
    messageKey: refusal.messageKey,
    messageParams: refusal.messageParams,
  });
}
