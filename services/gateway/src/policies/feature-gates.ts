// The key → feature mapping is shared with the editor (it refuses a gated change before sending it).
export {
  type BookInfoChange,
  featureOfKey,
  featuresNeeded,
  gatedFeatureCodes,
  infoFeaturesNeeded,
  switchesOff,
  type UpdateBookChange,
} from "@turnleaf/resource-files";

/** The user types the power rules force (the power service's powerConfig `userTypes`). */
export const forcedUserTypes = { teamMember: 13, nonProductHost: 32 } as const;

/**
 * The user type in force (spec 000 §6, the power service's userTypeFor): 32 on a host outside the product's own,
 * 13 for a member acting in a team (team id not "0"), otherwise the stored uType.
 */
export function effectiveUserType(uType: number, teamId: string, nonProductHost: boolean): number {
  if (nonProductHost) return forcedUserTypes.nonProductHost;
  if (teamId.trim() !== "" && teamId.trim() !== "0") return forcedUserTypes.teamMember;
  return uType;
}

/**
 * Whether a request's host is outside the product's own hosts (its user type is then forced to 32). Without a
 * list of product hosts every host is the product's.
 */
export function isNonProductHost(hostname: string, productHosts: readonly string[] | undefined): boolean {
  if (!productHosts || productHosts.length === 0) return false;
  const host = hostname.trim().toLowerCase().replace(/\.$/, "");
  return !productHosts.includes(host);
}
