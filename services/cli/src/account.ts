/** turnleaf login / logout: the cloud session the upload and books commands use (state file session.json). */
import { Cloud, logIn, readSession, type Session } from "./cloud.js";
import type { Context } from "./context.js";
import { CliError } from "./errors.js";
import { type Text, text } from "./i18n/text.js";
import { ask, canPrompt } from "./prompt.js";

/**
 * Email and password from the options, else $TURNLEAF_EMAIL / $TURNLEAF_PASSWORD, else asked on a terminal; then
 * the session is opened and kept. `missing` is the message when there is nobody to ask.
 */
export async function logInWith(
  context: Context,
  cloud: Cloud,
  options: { email: string | undefined; password: string | undefined },
  missing: (what: "email" | "password") => Text,
): Promise<Session> {
  let email = options.email ?? context.env.TURNLEAF_EMAIL;
  if (!email && canPrompt()) email = (await ask(`${context.t("emailPrompt")} `)).trim();
  if (!email) throw new CliError(missing("email"), 77);
  let password = options.password ?? context.env.TURNLEAF_PASSWORD;
  if (!password && canPrompt()) password = await ask(`${context.t("passwordPrompt")} `, true);
  if (!password) throw new CliError(missing("password"), 77);
  return logIn(context, cloud, email, password);
}

export async function login(
  context: Context,
  options: { server: string | undefined; email: string | undefined; password: string | undefined; json: boolean },
): Promise<void> {
  const cloud = await Cloud.open(context, options.server);
  const session = await logInWith(context, cloud, options, (what) =>
    text("loginFailed", { detail: text("loginMissing", { what }) }),
  );
  if (options.json) {
    context.print(JSON.stringify({ server: session.server, email: session.email, expiresAt: session.expiresAt }));
    return;
  }
  context.print(context.t("loggedIn", { server: session.server, email: session.email, expiresAt: session.expiresAt }));
}

export async function logout(context: Context): Promise<void> {
  const session = await readSession(context);
  if (session) {
    const cloud = new Cloud(session.server, session.cookie);
    // Ending the session on the server is a courtesy: the local session is forgotten either way.
    await cloud.post("/api/user/logout", {}).catch(() => undefined);
  }
  await context.state.remove("session");
  context.print(session ? context.t("loggedOut", { server: session.server }) : context.t("notLoggedIn"));
}
