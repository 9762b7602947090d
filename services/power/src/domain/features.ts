import { type CodedMessage, message, ref } from "@turnleaf/kit";
import { planRules } from "./plans.js";
import { limitsForType, powerConfig, quotas, userTypes } from "./power-config.js";

/**
 * The gated features of spec 000 §6, by code. The spec lists 21 names, two of them pairs ("background image or
 * music", "loading picture or video"); background image and background music are different settings
 * (backGroundImgURL, bgMusic…) sold apart, so they are two codes, which makes the 22 of the issue. The name is the
 * X of 'no permission for function X, contact support to unlock'.
 */
export const gatedFeatures = {
  LOGO: "logo",
  DOWNLOAD: "download",
  PHONE_BUTTON: "phone button",
  BACKGROUND_IMAGE: "background image",
  BACKGROUND_MUSIC: "background music",
  LOADING_MEDIA: "loading picture or video",
  SHADOW: "shadow",
  THICKNESS: "thickness",
  BOOKMARK: "bookmark",
  TOC: "TOC",
  AD_BANNER: "ad banner",
  BOOK_DESCRIPTION: "book description",
  LANGUAGE: "language",
  PUBLIC_LOGO: "public logo",
  HOT_LABEL: "hot label",
  WECHAT_SHARE_ICON: "wechat share icon",
  HIDE_TOOLBAR: "hide toolbar",
  READER_MESSAGE: "reader message",
  AUTO_FLIP: "auto flip",
  HARD_COVER: "hard cover",
  HOME_LINK: "home link",
  COPY_TEXT: "copy text",
} as const;

export type FeatureCode = keyof typeof gatedFeatures;
export const featureCodes = Object.keys(gatedFeatures) as FeatureCode[];

export function isFeatureCode(value: string): value is FeatureCode {
  return Object.hasOwn(gatedFeatures, value);
}

export const featureMessages = {
  noPermission: (code: FeatureCode) => `no permission for function ${gatedFeatures[code]}, contact support to unlock`,
  customQuota: "reached the customised quota, contact support",
} as const;

/** What reading a book needs, never sold: the features a basic account (uType 1) keeps. */
const readingFeatures: readonly FeatureCode[] = ["SHADOW", "THICKNESS", "BOOKMARK", "TOC", "AUTO_FLIP", "HARD_COVER"];

/**
 * The gated features per user type (the power config's "features"): any type without a row has every feature;
 * uType 1 (basic) only the reading ones; a request from outside the product's host (32) none — settings changed
 * through another site's page unlock nothing. A team member (13) has every feature; the role list narrows it.
 */
export const featureConfig: {
  defaultFeatures: readonly FeatureCode[];
  byType: Record<number, readonly FeatureCode[]>;
} = {
  defaultFeatures: featureCodes,
  byType: {
    1: readingFeatures,
    [userTypes.teamMember]: featureCodes,
    [userTypes.nonProductHost]: [],
  },
};

export function featuresForType(userType: number): readonly FeatureCode[] {
  return featureConfig.byType[userType] ?? featureConfig.defaultFeatures;
}

export type FeatureSource = "type" | "user" | "team";

/** A feature in force: a user's custom override, else the team's, else the user type's row. */
export function featureInForce(input: {
  code: FeatureCode;
  userType: number;
  overrides: { user?: boolean | undefined; team?: boolean | undefined };
}): { allowed: boolean; source: FeatureSource } {
  if (input.overrides.user !== undefined) return { allowed: input.overrides.user, source: "user" };
  if (input.overrides.team !== undefined) return { allowed: input.overrides.team, source: "team" };
  return { allowed: featuresForType(input.userType).includes(input.code), source: "type" };
}

/** The text of a refusal: a custom override's is the customised-quota text, the type's names the function. */
export function featureRefusal(code: FeatureCode, source: FeatureSource): string {
  return source === "type" ? featureMessages.noPermission(code) : featureMessages.customQuota;
}

/**
 * The same refusal as a coded message (spec 000 §6 texts in the messages catalogues): 'no permission for function
 * X, contact support to unlock' names the feature (catalogue `feature.<code>`), an override's is the customised quota.
 */
export function featureRefusalMessage(code: FeatureCode, source: FeatureSource): CodedMessage {
  return source === "type" ? message("featureBlocked", { feature: ref(`feature.${code}`) }) : message("customQuota");
}

/** A role's refusal of an action (edit or view a team book) as a coded message. */
export function roleRefusalMessage(action: RoleAction): CodedMessage {
  return message("featureBlocked", {
    feature: action.messageKey ? ref(`feature.${action.messageKey}`) : action.name,
  });
}

/**
 * A role-gated action (spec 000 §6): one code for any book (key), or one for the user's own books (selfKey) and
 * another for other members' (otherKey).
 */
export interface RoleAction {
  name: string;
  /** The action's name in the messages catalogue: `feature.<messageKey>` (without one, the name is shown as it is). */
  messageKey?: string;
  key?: string;
  selfKey?: string;
  otherKey?: string;
}

/** Changing a team book's settings: members may be allowed their own books, others' books, or both. */
export const editBookSettings: RoleAction = {
  name: "edit book settings",
  messageKey: "editBookSettings",
  selfKey: "BOOK_EDIT_SELF",
  otherKey: "BOOK_EDIT_OTHER",
};

/** Viewing a team book: members may be allowed their own books, others' books, or both. */
export const viewBook: RoleAction = {
  name: "view book",
  messageKey: "viewBook",
  selfKey: "BOOK_VIEW_SELF",
  otherKey: "BOOK_VIEW_OTHER",
};

/**
 * Beginning an upload that spends the team's points (#33): a role holding BOOK_UPLOAD may; so may, by default as
 * before, a role that may edit books (BOOK_EDIT_SELF or BOOK_EDIT_OTHER: the owners' and editors' roles). A role
 * that may only view books may not.
 */
export const uploadBook: RoleAction = {
  name: "upload book",
  messageKey: "uploadBook",
  key: "BOOK_UPLOAD",
};

/** Whether a role's powers let its members begin an upload that spends the team's points. */
export function roleMayUpload(powers: readonly string[]): boolean {
  return [uploadBook.key, editBookSettings.selfKey, editBookSettings.otherKey].some(
    (code) => code !== undefined && powers.includes(code),
  );
}

/**
 * Whether a role may act on a team book (issue #4): editing needs the book-settings power; viewing the view power
 * or the book-settings one (who may change a book may read it). Both by the key / selfKey / otherKey rule.
 */
export function roleReachesBook(
  powers: readonly string[],
  action: "view" | "edit",
  bookAuthorId: string,
  currentUserId: string,
): boolean {
  if (rolePermits(powers, editBookSettings, bookAuthorId, currentUserId)) return true;
  return action === "view" && rolePermits(powers, viewBook, bookAuthorId, currentUserId);
}

/**
 * The power code an action needs: its key, or selfKey when the book's author is the current user or -1,
 * otherwise otherKey.
 */
export function roleCodeFor(action: RoleAction, bookAuthorId: string, currentUserId: string): string | undefined {
  if (action.key) return action.key;
  return bookAuthorId === currentUserId || bookAuthorId === "-1" ? action.selfKey : action.otherKey;
}

/** When a team is set, an action is allowed if the role's power list contains its code. */
export function rolePermits(
  powers: readonly string[],
  action: RoleAction,
  bookAuthorId: string,
  currentUserId: string,
): boolean {
  const code = roleCodeFor(action, bookAuthorId, currentUserId);
  return code !== undefined && powers.includes(code);
}

/**
 * The power config as the editor reads it (GET /resourceFiles/manage/power/powerConfig.json): per user type its
 * quota limits and gated features, the default row for any other type, the feature names and the plan rules.
 */
export function powerConfigDocument() {
  const row = (userType: number | undefined) => ({
    ...(userType === undefined ? powerConfig.defaultLimits : limitsForType(userType)),
    features: userType === undefined ? [...featureConfig.defaultFeatures] : [...featuresForType(userType)],
  });
  const typed = [...new Set([...Object.keys(powerConfig.byType), ...Object.keys(featureConfig.byType)])]
    .map(Number)
    .sort((a, b) => a - b);
  return {
    quotas: [...quotas],
    features: { ...gatedFeatures },
    userTypes: { ...userTypes },
    default: row(undefined),
    types: Object.fromEntries(typed.map((userType) => [String(userType), row(userType)])),
    plans: {
      newUserPoints: planRules.newUserPoints,
      pointsPerHostedBookMonth: planRules.pointsPerHostedBookMonth,
      vipMaxHostedBooks: planRules.vipMaxHostedBooks,
      unpaidPauseAfterHours: planRules.unpaidPauseAfterMs / 3_600_000,
    },
  };
}
