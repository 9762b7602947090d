import type { UserDocument } from "../data/user.schema.js";

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
