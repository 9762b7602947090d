import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Peers } from "../peers.js";
import type { Actor } from "../plugins/actor.js";

/** The static resource files (settings tree, templates, themes, scenes, backgrounds, brand defaults, business cards) under /resourceFiles/ (spec 000 §7). */
export function registerResourceFileRoutes(
  _app: FastifyInstance,
  _peers: Peers,
  _resolveActor: (request: FastifyRequest) => Actor,
): void {}
