import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { AccountService } from "@turnleaf/contracts/power/v1/account_service_pb";
import type { ServiceImplementation } from "@turnleaf/kit";
import type { UserDocument } from "../data/user.schema.js";
import type { AccountDesk, OpenSession } from "./account-desk.js";

/** Only the profile fields travel; nothing else of the stored document (never the hash). */
function userMessage(user: UserDocument) {
  return {
    userId: user.userId,
    email: user.email,
    uLink: user.uLink,
    uType: user.uType,
    website: user.website,
    verifyPhone: user.verifyPhone,
    bookLogo: user.bookLogo,
    bookLogoLink: user.bookLogoLink,
    bookWebsite: user.bookWebsite,
  };
}

function sessionMessage(session: Omit<OpenSession, "token"> & { token?: string }) {
  return {
    token: session.token ?? "",
    userId: session.userId,
    expiresAt: timestampFromDate(session.expiresAt),
    idleExpiresAt: timestampFromDate(session.idleExpiresAt),
  };
}

export function accountHandlers(desk: AccountDesk): ServiceImplementation<typeof AccountService> {
  return {
    async register(request) {
      return { user: userMessage(await desk.register(request.email, request.password, request.clientAddress)) };
    },
    async logIn(request) {
      const { session, user } = await desk.logIn(request.email, request.password, request.clientAddress);
      return { session: sessionMessage(session), user: userMessage(user) };
    },
    async resolveSession(request) {
      const { session, user } = await desk.resolve(request.token);
      return { session: sessionMessage(session), user: userMessage(user) };
    },
    async logOut(request) {
      return { ended: await desk.logOut(request.token) };
    },
    async checkAccount(request) {
      return { exists: await desk.exists(request.email, request.clientAddress) };
    },
  };
}
