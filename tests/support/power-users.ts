import type { PowerRepository } from "@turnleaf/power/in-process";

/** A power-service user record as sign-up leaves it: no website, logo or phone; uType 2 (a plain user). */
export type PowerUserRecord = Parameters<PowerRepository["upsertUser"]>[0];

/** The record of user `userId`, its address `u<userId>@turnleaf.test` unless `fields` give another. */
export function plainPowerUser(userId: string, fields: Partial<PowerUserRecord> = {}): PowerUserRecord {
  return {
    userId,
    email: `u${userId}@turnleaf.test`,
    uLink: `u${userId}`,
    uType: 2,
    website: "",
    verifyPhone: false,
    bookLogo: "",
    bookLogoLink: "",
    bookWebsite: "",
    ...fields,
  };
}
