import { type Connection, mongoRateLimit, type RateLimit } from "@turnleaf/kit";

/** The account limits' numbers (from the power config): allowances per window. */
export interface AccountLimitSettings {
  loginFailureLimit: number;
  loginFailureWindowMs: number;
  accountCheckLimit: number;
  accountCheckWindowMs: number;
  signUpLimit: number;
  signUpWindowMs: number;
}

export type AccountLimits = Record<"loginAttempts" | "accountChecks" | "signUps", RateLimit>;

/**
 * The account limits, counted in the power service's MongoDB (one count for every replica, kept across restarts):
 * login attempts per email and address (a success forgets them), account checks and sign-ups per address.
 */
export async function accountLimits(
  mongo: Connection,
  settings: AccountLimitSettings,
  now: () => Date,
): Promise<AccountLimits> {
  // Guesses (logins, account checks) restart their window with each one, so no window ever holds more than the
  // allowance; sign-ups keep a fixed window, so a busy address's new users get their points again each day.
  const rule = (points: number, windowMs: number, slide = true) => ({
    points,
    durationSeconds: Math.ceil(windowMs / 1000),
    slide,
  });
  const limits = {
    loginAttempts: mongoRateLimit(
      mongo,
      "login_attempts",
      rule(settings.loginFailureLimit, settings.loginFailureWindowMs),
      now,
    ),
    accountChecks: mongoRateLimit(
      mongo,
      "account_checks",
      rule(settings.accountCheckLimit, settings.accountCheckWindowMs),
      now,
    ),
    signUps: mongoRateLimit(mongo, "sign_ups", rule(settings.signUpLimit, settings.signUpWindowMs, false), now),
  };
  await Promise.all(Object.values(limits).map((limit) => limit.ready()));
  return limits;
}
