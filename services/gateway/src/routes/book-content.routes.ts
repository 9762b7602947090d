import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Peers } from "../peers.js";
import type { Actor } from "../plugins/actor.js";

/** Per-book content beyond settings: custom config/content/theme, business cards, brands, share icon, book lock, text status, file uploads, upload logs, bookcase list and the PDF download (spec 000 §7, spec 001 §7). */
export function registerBookContentRoutes(
  _app: FastifyInstance,
  _peers: Peers,
  _resolveActor: (request: FastifyRequest) => Actor,
): void {}
