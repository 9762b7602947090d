import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { Session } from "@turnleaf/contracts/power/v1/account_service_pb";
import type { User } from "@turnleaf/contracts/power/v1/power_service_pb";
import { catalogueCodes, DomainError, fieldProblem, internalFault, message, okEnvelope } from "@turnleaf/kit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Peers } from "../peers.js";
import { actorOf, sessionCookieName, sessionToken, sessionUser } from "../plugins/actor.js";
import { clearSessionCookie, setSessionCookie } from "../plugins/cookies.js";
import { pageTexts } from "../plugins/message-texts.js";
import { formTokenField, formTokenVerdict, issueFormToken } from "../plugins/same-origin.js";
import { loginPage, loginTexts } from "./login-page.js";

export { loginPage } from "./login-page.js";

/** The desktop tool's wording of a refused login (spec 001 §8); the editor's is the power service's (spec 000 §8). */
export const desktopWrongCredentials = message("login.incorrect");

const credentialsSchema = {
  body: {
    type: "object",
    required: ["email", "password"],
    properties: {
      email: { type: "string", maxLength: 254 },
      password: { type: "string", maxLength: 128 },
      client: { type: "string", enum: ["editor", "desktop"] },
    },
  },
} as const;

interface Credentials {
  email: string;
  password: string;
  client?: "editor" | "desktop";
}

/** The `data` of the account replies: the user's profile, and the session's expiries when there is one. */
function userView(user: User | undefined, session?: { expiresAt?: Date; idleExpiresAt?: Date }) {
  return {
    userId: user?.userId ?? "",
    email: user?.email ?? "",
    uLink: user?.uLink ?? "",
    uType: user?.uType ?? 0,
    website: user?.website ?? "",
    verifyPhone: user?.verifyPhone ?? false,
    bookLogo: user?.bookLogo ?? "",
    bookLogoLink: user?.bookLogoLink ?? "",
    bookWebsite: user?.bookWebsite ?? "",
    sessionExpiresAt: session?.expiresAt?.toISOString() ?? null,
    sessionIdleExpiresAt: session?.idleExpiresAt?.toISOString() ?? null,
  };
}

function expiries(session: Session | undefined) {
  return {
    expiresAt: session?.expiresAt ? timestampDate(session.expiresAt) : undefined,
    idleExpiresAt: session?.idleExpiresAt ? timestampDate(session.idleExpiresAt) : undefined,
  };
}

function isWrongCredentials(error: unknown): error is DomainError {
  return error instanceof DomainError && error.details?.reason === "WRONG_CREDENTIALS";
}

/** Where a login without a page to go back to lands: the owner's bookcase (DESIGN §5: the editor's home). */
export const landingPath = "/book_edit2/bookcase";

/** Only a path on this site: "/…" but not "//…" nor "/\…" (another host to a browser). Anything else: the bookcase. */
export function safeBackPath(value: unknown): string {
  if (typeof value !== "string" || !/^\/(?![/\\])[^\s]*$/.test(value) || value.length > 2000) return landingPath;
  // The site's root serves nothing: the bookcase is home.
  return value === "/" ? landingPath : value;
}

function sendLoginPage(reply: FastifyReply, page: string) {
  return reply
    .header("content-type", "text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .header(
      "content-security-policy",
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    )
    .header("x-frame-options", "DENY")
    .send(page);
}

/**
 * Accounts and sessions (spec 000 §7/§8, spec 001 §7): login and logout, the session's user, registration,
 * the legacy login.php form and checkAccount.php. The session cookie carries the power service's token.
 */
export function registerAccountRoutes(app: FastifyInstance, peers: Peers): void {
  const logIn = async (request: FastifyRequest, reply: FastifyReply, email: string, password: string) => {
    const { session, user } = await peers.account.logIn({ email, password, clientAddress: request.ip });
    if (!session?.token) throw internalFault("power service answered without a session");
    const times = expiries(session);
    setSessionCookie(reply, sessionCookieName, session.token, times.expiresAt);
    return userView(user, times);
  };

  app.post<{ Body: Credentials }>("/api/user/login", { schema: credentialsSchema }, async (request, reply) => {
    try {
      return okEnvelope(await logIn(request, reply, request.body.email, request.body.password));
    } catch (error) {
      if (isWrongCredentials(error) && request.body.client === "desktop") {
        throw new DomainError(error.kind, desktopWrongCredentials, {
          restCode: error.restCode,
          details: error.details,
        });
      }
      throw error;
    }
  });

  app.post<{ Body: Credentials }>("/api/user/register", { schema: credentialsSchema }, async (request, reply) => {
    await peers.account.register({
      email: request.body.email,
      password: request.body.password,
      clientAddress: request.ip,
    });
    return okEnvelope(await logIn(request, reply, request.body.email, request.body.password));
  });

  app.post("/api/user/logout", async (request, reply) => {
    const token = sessionToken(request);
    const { ended } = token ? await peers.account.logOut({ token }) : { ended: false };
    clearSessionCookie(reply, sessionCookieName);
    return okEnvelope({ ended });
  });

  const getUser = async (request: FastifyRequest) => {
    const actor = actorOf(request);
    const session = sessionUser(request);
    if (session) return okEnvelope(userView(session.user, { expiresAt: session.expiresAt }));
    // The local stack's DEV_ACTOR_USER_ID (no session cookie): its profile, no session.
    const { user } = await peers.power.getUser({ userId: actor.userId });
    return okEnvelope(userView(user));
  };
  app.post("/api/user/get-user", getUser);
  app.post("/api/user/get-user-info", getUser);

  // checkAccount.php (spec 001 §7): does an account with this email exist? GET or POST, `email` in the query or form.
  const checkAccount = async (
    request: FastifyRequest<{ Querystring: { email?: string }; Body: { email?: string } }>,
  ) => {
    const email = (request.body as { email?: unknown } | undefined)?.email ?? request.query.email;
    if (typeof email !== "string" || email.trim() === "" || email.length > 254) {
      throw new DomainError("INVALID_ARGUMENT", catalogueCodes.requestException, {
        details: { errors: [fieldProblem("email", message("field.required", { field: "email" }))] },
      });
    }
    const { exists } = await peers.account.checkAccount({ email, clientAddress: request.ip });
    return okEnvelope({ email: email.trim().toLowerCase(), exists });
  };
  app.get("/checkAccount.php", checkAccount);
  app.post("/checkAccount.php", checkAccount);

  // login.php: the page the editor sends a signed-out user to (spec 000 §8). GET answers the form; its POST logs
  // in and redirects back (303) to `back`, a path on this site, or answers the form again with the refusal.
  // The form carries a token matching a SameSite=Strict cookie: a browser posting it from elsewhere lacks one.
  // Its texts are in the interface language: `?lang=` (the form carries it on), else Accept-Language, else Chinese.
  app.get<{ Querystring: { back?: string; lang?: string } }>("/login.php", async (request, reply) => {
    const formToken = issueFormToken(reply, "/login.php");
    const texts = await pageTexts(request, request.query.lang);
    return sendLoginPage(reply, loginPage({ back: safeBackPath(request.query.back), formToken, ...texts }));
  });

  app.post<{ Body: { email?: string; password?: string; back?: string; form_token?: string; lang?: string } }>(
    "/login.php",
    async (request, reply) => {
      const body = request.body ?? {};
      const back = safeBackPath(body.back);
      const texts = await pageTexts(request, typeof body.lang === "string" ? body.lang : undefined);
      const email = typeof body.email === "string" ? body.email.slice(0, 254) : "";
      const password = typeof body.password === "string" ? body.password.slice(0, 128) : "";
      if (formTokenVerdict(request, body[formTokenField]) === "refuse") {
        const formToken = issueFormToken(reply, "/login.php");
        const refusal = texts.text(loginTexts.formExpired);
        return sendLoginPage(reply.status(403), loginPage({ back, email, message: refusal, formToken, ...texts }));
      }
      try {
        await logIn(request, reply, email, password);
      } catch (error) {
        if (!(error instanceof DomainError) || error.kind === "INTERNAL") throw error;
        // The page's cookie still holds the token it was posted with: the form may carry it again.
        const formToken = typeof body[formTokenField] === "string" ? body[formTokenField] : "";
        const refusal = error.coded ? texts.text(error.coded) : error.message;
        return sendLoginPage(reply, loginPage({ back, email, message: refusal, formToken, ...texts }));
      }
      return reply.redirect(back, 303);
    },
  );
}
