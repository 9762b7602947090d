import type { ReadyConfig } from "@turnleaf/contracts/book/v1/book_service_pb";
import { effectiveUserType } from "../policies/feature-gates.js";

/**
 * The ready-config reply with the field names of spec 000 §3 (the editor reads them verbatim). `uType` is the type
 * in force for the request (13 in a team, 32 on a host outside the product's own), as the power checks apply it.
 */
export function readyConfigView(config: ReadyConfig, context: { nonProductHost: boolean } = { nonProductHost: false }) {
  return {
    bookId: config.bookId,
    bookLogo: config.bookLogo,
    bookLogoLink: config.bookLogoLink,
    bookwebsite: config.bookWebsite,
    defaultTem: {
      html5Tem: config.defaultTem?.html5Tem ?? "",
      html5Theme: config.defaultTem?.html5Theme ?? "",
      html5PhoneTem: config.defaultTem?.html5PhoneTem ?? "",
    },
    folderId: config.folderId,
    folderType: config.folderType,
    ownerId: config.ownerId,
    owner_uLink: config.ownerULink,
    owner_uType: config.ownerUType,
    teamId: config.teamId,
    uEmail: config.uEmail,
    uLink: config.uLink,
    uType: effectiveUserType(config.uType, config.teamId, context.nonProductHost),
    userId: config.userId,
    website: config.website,
    verifyPhone: config.verifyPhone,
    number: config.number,
    roleId: config.roleId,
    roleName: config.roleName,
  };
}

export type ReadyConfigView = ReturnType<typeof readyConfigView>;
