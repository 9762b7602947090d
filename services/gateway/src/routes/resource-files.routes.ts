import fastifyStatic from "@fastify/static";
import { resourceFilesDir } from "@turnleaf/resource-files/node";
import type { FastifyInstance } from "fastify";
import type { Peers } from "../peers.js";

/**
 * The static resource files (settings tree, templates, themes, scenes, backgrounds, brand defaults, business cards)
 * under /resourceFiles/ (spec 000 §7), public like the reader's assets. The folder holds no manage/power/: the power
 * config is an exact route of power.routes.ts, which wins over this prefix in the router.
 */
export function registerResourceFileRoutes(app: FastifyInstance, _peers: Peers): void {
  // Not awaited: fastify loads the plugin in order when the app starts; registration errors surface at ready().
  void app.register(fastifyStatic, {
    root: resourceFilesDir,
    prefix: "/resourceFiles/",
    // The reader's registration decorates the reply already.
    decorateReply: false,
    // Unhashed names that change with a deploy: revalidate after five minutes, by ETag.
    maxAge: "5m",
    etag: true,
    lastModified: true,
    index: false,
    // The generator writes .br and .gz copies of each JSON file (the settings tree: 87 KB, 9 KB as brotli).
    preCompressed: true,
    // A folder is no resource: 404 like an unknown file (send would answer 403).
    allowedPath: (pathname) => !pathname.endsWith("/"),
    // Unknown files, folders and hidden files go to the not-found handler (the gateway's 404 envelope).
    dotfiles: "ignore",
    // Data and pictures only: no sniffing into another type, and an SVG opened on its own runs nothing.
    setHeaders: (reply) =>
      reply
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox"),
  });
}
