import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Peers } from "../peers.js";
import type { Actor } from "../plugins/actor.js";

/** Power-config resources, custom power, team role powers, user meta, user logo and third-party account calls (spec 000 §6–7, spec 001 §7). */
export function registerPowerRoutes(
  _app: FastifyInstance,
  _peers: Peers,
  _resolveActor: (request: FastifyRequest) => Actor,
): void {}
