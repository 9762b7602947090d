/** turnleaf login / logout: the cloud session the upload and books commands use (state file session.json). */
import { Cloud, cloudMessages, logIn, readSession } from "./cloud.js";
import type { Context } from "./context.js";
import { CliError } from "./errors.js";
import { ask, canPrompt } from "./prompt.js";

export async function login(
  context: Context,
  options: { server: string | undefined; email: string | undefined; password: string | undefined; json: boolean },
): Promise<void> {
  const cloud = await Cloud.open(context, options.server);
  let email = options.email ?? context.env.TURNLEAF_EMAIL;
  if (!email && canPrompt()) email = (await ask("Email: ")).trim();
  if (!email) throw new CliError(`${cloudMessages.loginFailed("no email")}: give --email`, 77);
  let password = options.password ?? context.env.TURNLEAF_PASSWORD;
  if (!password && canPrompt()) password = await ask("Password: ", true);
  if (!password) throw new CliError(`${cloudMessages.loginFailed("no password")}: give --password`, 77);
  const session = await logIn(context, cloud, email, password);
  if (options.json) {
    context.print(JSON.stringify({ server: session.server, email: session.email, expiresAt: session.expiresAt }));
    return;
  }
  context.print(`logged in to ${session.server} as ${session.email} (session until ${session.expiresAt})`);
}

export async function logout(context: Context): Promise<void> {
  const session = await readSession(context);
  if (session) {
    const cloud = new Cloud(session.server, session.cookie);
    // Ending the session on the server is a courtesy: the local session is forgotten either way.
    await cloud.post("/api/user/logout", {}).catch(() => undefined);
  }
  await context.state.remove("session");
  context.print(session ? `logged out of ${session.server}` : "not logged in");
}
