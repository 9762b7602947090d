import type { FastifyInstance, FastifyRequest } from "fastify";

declare module "fastify" {
  interface FastifyRequest {
    /**
     * The origin links are built on (canonical, share, oEmbed, QR and asset URLs): PUBLIC_URL when configured,
     * never the request's Host header then (a forged Host would otherwise be echoed into pages and links).
     */
    publicOrigin: string;
  }
}

/** `https://books.example.com/` → `https://books.example.com` (the configured URL is an origin; config.ts checks). */
export const originOfPublicUrl = (publicUrl: string) => new URL(publicUrl).origin;

/**
 * Sets each request's publicOrigin. Unset PUBLIC_URL (a local stack, tests) falls back to the request's own
 * scheme and host: set it in every deployment.
 */
export function registerPublicOrigin(app: FastifyInstance, publicUrl: string | undefined): void {
  const fixed = publicUrl ? originOfPublicUrl(publicUrl) : undefined;
  app.decorateRequest("publicOrigin", "");
  app.addHook("onRequest", async (request) => {
    request.publicOrigin = fixed ?? `${request.protocol}://${request.host}`;
  });
}

/** The origin to build this request's links on (see registerPublicOrigin). */
export const publicOrigin = (request: FastifyRequest): string => request.publicOrigin;
