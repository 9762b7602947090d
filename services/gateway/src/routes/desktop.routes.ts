import { FolderType } from "@turnleaf/contracts/power/v1/power_service_pb";
import { okEnvelope } from "@turnleaf/kit";
import type { FastifyInstance } from "fastify";
import type { Peers } from "../peers.js";
import { actorOf } from "../plugins/actor.js";
import { nonProductHost } from "../policies/features.js";
import { bookIdField, teamIdField } from "./schemas.js";

/** The desktop tool's release the platform publishes (DESKTOP_LATEST_VERSION, DESKTOP_DOWNLOAD_URL). */
export interface DesktopRelease {
  version: string;
  download: string;
}

/** The version this checkout builds, for a deployment that names none. */
export const defaultDesktopRelease: DesktopRelease = {
  version: "0.1.0",
  download: "https://github.com/turnleaf/turnleaf/releases",
};

/**
 * Spec 001's desktop tool, besides its licence paths (licence.routes.ts): the update check (§7: the latest version
 * the platform publishes; public, nothing about it is secret) and the unpaid-upload standing (§4: before an upload
 * the user's points or plan cannot pay for, the tool warns that the book is disabled 24 hours later and asks). The
 * standing is the power service's CheckUpload, as begin-upload asks it: a free plan's or a full quota's refusal is
 * its refusal; nothing is consumed. And feedback (§2), which the licence service stores for support. Reference:
 * services/gateway/rest/desktop.md.
 */
export function registerDesktopRoutes(
  app: FastifyInstance,
  peers: Peers,
  release: DesktopRelease = defaultDesktopRelease,
): void {
  app.get("/api/desktop/latest-version", async () =>
    okEnvelope({ version: release.version, download: release.download }),
  );

  // Feedback (spec 001 §2): stored by the licence service for support; logged in or not (the account is kept when
  // there is one). The service checks the limits; these bounds only keep junk out of the RPC.
  app.post<{ Body: { message: string; email?: string; log?: string; version?: string; language?: string } }>(
    "/api/desktop/feedback",
    {
      schema: {
        body: {
          type: "object",
          required: ["message"],
          properties: {
            message: { type: "string", maxLength: 20_000 },
            email: { type: "string", maxLength: 320 },
            log: { type: "string", maxLength: 512 * 1024 },
            version: { type: "string", maxLength: 40 },
            language: { type: "string", maxLength: 10 },
          },
        },
      },
    },
    async (request) => {
      let accountId = "";
      try {
        accountId = actorOf(request).userId;
      } catch {
        // Feedback does not need a session.
      }
      const body = request.body;
      const { feedbackId } = await peers.licence.submitFeedback({
        message: body.message,
        email: body.email ?? "",
        log: body.log ?? "",
        toolVersion: body.version ?? "",
        language: body.language ?? "",
        caller: { clientAddress: request.ip, accountId },
      });
      return okEnvelope({ feedbackId });
    },
  );

  app.post<{ Body: { folderType?: string; bookId?: string; teamId?: string } | null }>(
    "/api/book/check-upload",
    {
      schema: {
        body: {
          type: ["object", "null"],
          properties: { folderType: { type: "string", enum: ["1", "2"] }, bookId: bookIdField, teamId: teamIdField },
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const body = request.body ?? {};
      const { standing } = await peers.power.checkUpload({
        asker: {
          userId: actor.userId,
          teamId: body.teamId || "0",
          folderType: body.folderType === "2" ? FolderType.PUBLICATION : FolderType.BOOK,
          nonProductHost: nonProductHost(request),
        },
        existingBook: Boolean(body.bookId),
      });
      const warning = standing?.warning;
      return okEnvelope({
        warning: warning
          ? {
              code: warning.code,
              message: warning.message,
              pauseAt: warning.pauseAt ? new Date(Number(warning.pauseAt.seconds) * 1000).toISOString() : null,
            }
          : null,
        limit: standing?.limit ?? 0,
        used: standing?.used ?? 0,
      });
    },
  );
}
