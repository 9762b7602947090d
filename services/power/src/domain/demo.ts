import type { UserDocument } from "../data/user.schema.js";
import type { Plan } from "./plans.js";

/** The demo account the local stack seeds; its book lives in the book service (same user id). */
export const demoUser: UserDocument = {
  userId: "10001",
  email: "demo@turnleaf.local",
  uLink: "demo",
  uType: 2,
  website: "https://turnleaf.example",
  verifyPhone: false,
  bookLogo: "",
  bookLogoLink: "",
  bookWebsite: "",
};

/** The demo account's password (local stacks only: DEMO_SEED). A password changed later is kept. */
export const demoPassword = "turnleaf-demo";

/** The demo account's plan: VIP (annual) for a year from the seed, so the local stack's demo user can upload. */
export function demoPlan(now: Date): Plan {
  return { kind: "vip-annual", points: 0, vipExpiresAt: new Date(now.getTime() + 365 * 24 * 60 * 60 * 1000) };
}
