import { okEnvelope } from "@turnleaf/kit";
import type { FastifyInstance } from "fastify";

/** The local stack's placeholder when a deployment names no support contact (SUPPORT_CONTACT). */
export const defaultSupportContact = "mailto:support@turnleaf.local";

/**
 * Spec 000 §6: the support QR image every limit confirm opens. What it encodes is the deployment's
 * SUPPORT_CONTACT, so each installation names its own support; nothing about it is secret, so no session is needed.
 */
export function registerSupportRoutes(app: FastifyInstance, contact: string = defaultSupportContact): void {
  app.post("/api/common/get-support-contact", async () => okEnvelope({ contact }));
}
