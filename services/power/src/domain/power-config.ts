/**
 * The power config (spec 000 §6, "limits per type"): the engineering limits of each user type, as a typed
 * resource. Plans (plans.ts) are the commercial entitlements and only cap these; per-user and per-team
 * overrides replace both (user over team over plan). Spec 000 shows the numeric codes of two quotas only —
 * BOOK_FILE_NUM (books) and PUB_BOOK_NUM (publications); the values below are Turnleaf's own.
 */

/** The counted quotas: hosted books in book folders (folder type 1) and in publication folders (2). */
export const quotas = ["BOOK_FILE_NUM", "PUB_BOOK_NUM"] as const;
export type QuotaName = (typeof quotas)[number];

/** Folder types of spec 000 §9. */
export const folderTypes = { book: 1, publication: 2 } as const;
export type FolderTypeNumber = (typeof folderTypes)[keyof typeof folderTypes];

/** The quota an upload into a folder of this type counts against. */
export function quotaForFolderType(folderType: number): QuotaName {
  return folderType === folderTypes.publication ? "PUB_BOOK_NUM" : "BOOK_FILE_NUM";
}

/** User types with a meaning of their own (spec 000 §6, §9); any other uType reads the default row. */
export const userTypes = { teamMember: 13, nonProductHost: 32 } as const;

export type QuotaLimits = Readonly<Record<QuotaName, number>>;

export interface PowerConfig {
  /** Limits of every user type without a row of its own. */
  defaultLimits: QuotaLimits;
  /** Limits per user type (uType, or 13 / 32 by the rules of userTypeFor). */
  byType: Readonly<Record<number, QuotaLimits>>;
}

export const powerConfig: PowerConfig = {
  defaultLimits: { BOOK_FILE_NUM: 1000, PUB_BOOK_NUM: 100 },
  byType: {
    [userTypes.teamMember]: { BOOK_FILE_NUM: 1000, PUB_BOOK_NUM: 1000 },
    [userTypes.nonProductHost]: { BOOK_FILE_NUM: 100, PUB_BOOK_NUM: 10 },
  },
};

/** The limits of a user type in a power config. */
export function limitsForType(userType: number, config: PowerConfig = powerConfig): QuotaLimits {
  return config.byType[userType] ?? config.defaultLimits;
}

/**
 * The user type the limits are read for: outside the product's own host the type is forced to 32; in a team
 * (teamId not 0) a member is treated as 13; otherwise the stored uType.
 */
export function userTypeFor(input: { uType: number; teamId: string; nonProductHost: boolean }): number {
  if (input.nonProductHost) return userTypes.nonProductHost;
  if (isTeamContext(input.teamId)) return userTypes.teamMember;
  return input.uType;
}

export function isTeamContext(teamId: string): boolean {
  return teamId !== "" && teamId !== "0";
}
