import type { Connection, Logger } from "@turnleaf/kit";
import { PowerRepository } from "./data/power.repository.js";
import { BookSlotRepository, PlanRepository } from "./data/quota.repositories.js";
import { demoPlan, demoUser } from "./domain/demo.js";
import { PowerDesk } from "./handlers/power-desk.js";

/** Wires the power desk to its stores; the unique indexes (book slots above all) must exist before any call. */
export async function assemblePower(input: {
  mongo: Connection;
  log: Logger;
  demoSeed?: boolean;
  now?: () => Date;
}): Promise<{ repository: PowerRepository; desk: PowerDesk }> {
  const repository = new PowerRepository(input.mongo);
  const plans = new PlanRepository(input.mongo);
  const slots = new BookSlotRepository(input.mongo);
  await Promise.all([repository.ensureIndexes(), plans.ensureIndexes(), slots.ensureIndexes()]);
  if (input.demoSeed) {
    await repository.upsertUser(demoUser);
    // The demo account may upload: a VIP plan a year out, set only when it has no plan (a restart keeps changes).
    const now = input.now?.() ?? new Date();
    await plans.insertPlanIfAbsent({ _id: `user:${demoUser.userId}`, ...demoPlan(now) });
    input.log.info({ userId: demoUser.userId }, "demo user seeded");
  }
  return { repository, desk: new PowerDesk({ repository, plans, slots, now: input.now ?? (() => new Date()) }) };
}
