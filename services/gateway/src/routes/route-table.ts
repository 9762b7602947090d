/**
 * Every path the gateway serves: method and path → the file under routes/ that answers it → who may call it.
 * `route-table.test.ts` builds the app and fails when what fastify registered and this table differ, so a path can
 * be found here from its URL. The `access` column also drives the actor hook (plugins/actor.ts): every path that is
 * not listed as `public`, `reader`, `optional` or `connect` is refused before its handler without a signed-in user.
 *
 * Who may call:
 * - `public`: anyone; no session is resolved (health, login, licence codes, static files, labels).
 * - `reader`: anyone who may open the published book by its link (the reader's rules: privacy, password pass);
 *   a state-changing one from this site only (plugins/same-origin.ts).
 * - `optional`: anyone; a signed-in user acts as themselves (e.g. the licence code's account, the owner's PDF).
 * - `user`: a signed-in user (the session, or a local stack's dev actor), about their own account and bookcase.
 * - `book`: a signed-in user acting on a book, task or team: the owning service answers only its owner — or a team
 *   member whose role reaches it, where the book service allows team roles (services/book/.../team-book-access.ts).
 * - `owner`: the book's owner alone, whatever a team role allows (policies/book-owner.ts: statistics and leads).
 * - `connect`: a Connect (gRPC-web) stream; a signed-in user, refused as a Connect error by the route itself.
 */
export type Access = "public" | "reader" | "optional" | "user" | "book" | "owner" | "connect";

/** `"METHOD /path"` (as registered; `ANY` for every method), the answering file under routes/, who may call it. */
export type RouteEntry = readonly [route: string, file: string, access: Access];

export const routeTable: readonly RouteEntry[] = [
  // Health and the static clients
  ["GET /healthz", "healthz.ts", "public"],
  ["GET /livez", "healthz.ts", "public"],
  ["GET /book_edit2", "editor.routes.ts", "public"],
  ["GET /book_edit2/*", "editor.routes.ts", "public"],
  ["GET /book_edit2/assets/*", "editor.routes.ts", "public"],
  ["GET /reader/assets/*", "reader.routes.ts", "public"],
  ["GET /resourceFiles/*", "resource-files.routes.ts", "public"],
  ["GET /resourceFiles/manage/power/powerConfig.json", "power.routes.ts", "public"],

  // Accounts and sessions (rest: README "Accounts and sessions")
  ["POST /api/user/login", "account.routes.ts", "public"],
  ["POST /api/user/register", "account.routes.ts", "public"],
  ["POST /api/user/logout", "account.routes.ts", "public"],
  ["POST /api/user/get-user", "account.routes.ts", "user"],
  ["POST /api/user/get-user-info", "account.routes.ts", "user"],
  ["GET /login.php", "account.routes.ts", "public"],
  ["POST /login.php", "account.routes.ts", "public"],
  ["GET /checkAccount.php", "account.routes.ts", "public"],
  ["POST /checkAccount.php", "account.routes.ts", "public"],

  // Power, teams and the account's settings (rest/power.md)
  ["POST /api/power/get-user-custom-config", "power.routes.ts", "user"],
  ["POST /api/team/get-team-role-power-config", "power.routes.ts", "book"],
  ["POST /api/user/get-user-meta", "power.routes.ts", "user"],
  ["POST /api/user/set-user-meta", "power.routes.ts", "user"],
  ["POST /api/user/update-user-book-logo", "power.routes.ts", "user"],
  ["POST /api/third/bind-account", "power.routes.ts", "user"],
  ["POST /api/third/merge-third-account", "power.routes.ts", "user"],

  // Points, VIP and the account's ledger (rest/payments.md); the provider's signed webhooks
  ["GET /api/account/info", "payments.routes.ts", "user"],
  ["GET /api/account/ledger", "payments.routes.ts", "user"],
  ["POST /api/account/checkout", "payments.routes.ts", "user"],
  ["POST /api/account/billing-portal", "payments.routes.ts", "user"],
  ["POST /api/payments/:provider/webhook", "payments.routes.ts", "public"],
  // APK signatures of the account: created, listed, never modified or deleted (rest/signatures.md)
  ["POST /api/signature/create-signature", "signature.routes.ts", "user"],
  ["POST /api/signature/get-signature-list", "signature.routes.ts", "user"],
  ["POST /api/signature/get-signature-keystore", "signature.routes.ts", "user"],
  // The editor's publish dialog: the online book as an HTML zip, EXE, APP or APK, built off the request path (rest/publish.md)
  ["POST /api/publish/create-package", "publish.routes.ts", "book"],
  ["POST /api/publish/get-apk-release", "publish.routes.ts", "book"],
  ["POST /api/publish/get-package", "publish.routes.ts", "user"],
  ["GET /api/publish/download-package", "publish.routes.ts", "user"],

  // A book: ready config and privacy (README "Book privacy"), settings, catalog and bookmarks (README "Book settings")
  ["POST /api/book/get-ready-config", "book.routes.ts", "user"],
  ["POST /api/book/get-book-privacy", "book.routes.ts", "book"],
  ["POST /api/book/set-book-privacy", "book.routes.ts", "book"],
  ["POST /api/book/get-book", "book-settings.routes.ts", "book"],
  ["POST /api/book/update-book", "book-settings.routes.ts", "book"],
  ["POST /api/book/get-book-catalog", "book-settings.routes.ts", "book"],
  ["POST /api/book/save-book-catalog", "book-settings.routes.ts", "book"],
  ["POST /api/book/get-book-bookmark", "book-settings.routes.ts", "book"],
  ["POST /api/book/save-book-bookmark", "book-settings.routes.ts", "book"],
  ["POST /api/book/add-book-bookmark", "book-settings.routes.ts", "book"],

  // Book languages and interface labels (README "Book languages")
  ["POST /api/book/get-book-language", "language.routes.ts", "book"],
  ["POST /api/book/save-book-language", "language.routes.ts", "book"],
  ["POST /api/book/delete-book-language", "language.routes.ts", "book"],
  ["POST /api/book/reset-book-language", "language.routes.ts", "book"],
  ["GET /api/language/labels", "language.routes.ts", "public"],

  // The bookcase, custom configs, business cards, brands, files (rest/book-content.md)
  ["POST /api/book/get-book-list", "book-content.routes.ts", "user"],
  ["POST /api/book/set-book-status", "book-content.routes.ts", "book"],
  ["POST /api/book/set-book-text-status", "book-content.routes.ts", "book"],
  ["POST /api/book/set-book-sare-icon", "book-content.routes.ts", "book"],
  ["POST /api/book/delete-book", "book-content.routes.ts", "book"],
  ["POST /api/book/get-book-lock", "book-content.routes.ts", "book"],
  ["POST /api/book/get-code-info", "book-content.routes.ts", "book"],
  ["POST /api/book/get-book-custom-config", "book-content.routes.ts", "book"],
  ["POST /api/book/save-book-custom-config", "book-content.routes.ts", "book"],
  ["POST /api/book/delete-book-custom-config", "book-content.routes.ts", "book"],
  ["POST /api/book/get-custom-content", "book-content.routes.ts", "book"],
  ["POST /api/book/save-custom-content", "book-content.routes.ts", "book"],
  ["POST /api/book/delete-custom-content", "book-content.routes.ts", "book"],
  ["POST /api/book/get-custom-theme", "book-content.routes.ts", "user"],
  ["POST /api/book/save-custom-theme", "book-content.routes.ts", "user"],
  ["POST /api/book/delete-custom-theme", "book-content.routes.ts", "user"],
  ["POST /api/book/get-business-card-list", "book-content.routes.ts", "user"],
  ["POST /api/book/add-business-card", "book-content.routes.ts", "user"],
  ["POST /api/book/update-Business-Card", "book-content.routes.ts", "user"],
  ["POST /api/book/delete-business-card", "book-content.routes.ts", "user"],
  ["POST /api/book/get-book-business-card", "book-content.routes.ts", "book"],
  ["POST /api/book/update-Book-Business-Card", "book-content.routes.ts", "book"],
  ["POST /api/user/brand/get-list", "book-content.routes.ts", "user"],
  ["POST /api/user/brand/create", "book-content.routes.ts", "user"],
  ["POST /api/other/add-upload-log", "files.routes.ts", "user"],
  ["POST /api/other/add-upload-empty-log", "files.routes.ts", "user"],
  ["POST /api/common/upload-file", "files.routes.ts", "user"],
  ["GET /api/common/file/:fileId/:name", "files.routes.ts", "public"],
  ["GET /download/download-pdf-file.php", "files.routes.ts", "optional"],

  // Covers and pages (rest/pages.md), page media (rest/media.md), page audio (rest/page-audio.md), comments (rest/comments.md)
  ["GET /api/book/book-cover", "bookcase.routes.ts", "book"],
  ["POST /api/book/get-pages", "pages.routes.ts", "book"],
  ["POST /api/book/insert-pages", "pages.routes.ts", "book"],
  ["POST /api/book/delete-pages", "pages.routes.ts", "book"],
  ["POST /api/book/move-pages", "pages.routes.ts", "book"],
  ["GET /api/book/page-thumb", "pages.routes.ts", "book"],
  ["POST /api/book/get-page-media", "media.routes.ts", "book"],
  ["POST /api/book/add-page-media", "media.routes.ts", "book"],
  ["POST /api/book/update-page-media", "media.routes.ts", "book"],
  ["POST /api/book/delete-page-media", "media.routes.ts", "book"],
  ["POST /api/book/get-page-audio", "page-audio.routes.ts", "book"],
  ["POST /api/book/set-page-speech", "page-audio.routes.ts", "book"],
  ["POST /api/book/set-page-audio-file", "page-audio.routes.ts", "book"],
  ["POST /api/book/clear-page-audio", "page-audio.routes.ts", "book"],
  ["POST /api/book/save-page-audio-play", "page-audio.routes.ts", "book"],
  ["POST /api/book/get-book-comments", "comments.routes.ts", "book"],
  ["POST /api/book/delete-book-comment", "comments.routes.ts", "book"],

  // Uploads and conversion progress (README "Upload paths", "Connect stream")
  ["POST /api/book/begin-upload", "upload.routes.ts", "book"],
  ["POST /api/book/check-upload", "desktop.routes.ts", "user"],
  ["POST /api/book/upload-book-files", "upload.routes.ts", "book"],
  ["HEAD /api/book/upload-book-files", "upload.routes.ts", "book"],
  ["POST /api/book/end-upload", "upload.routes.ts", "book"],
  ["POST /api/book/create-book-multi", "upload.routes.ts", "book"],
  ["POST /api/book/replace-book-multi", "upload.routes.ts", "book"],
  ["POST /api/book/reconvert-book-multi", "upload.routes.ts", "book"],
  ["POST /api/book/get-progress", "upload.routes.ts", "book"],
  ["POST /api/book/get-book-progress", "upload.routes.ts", "book"],
  ["POST /api/book/operate-book", "upload.routes.ts", "book"],
  ["ANY /turnleaf.upload.v1.UploadProgressService/WatchUpload", "upload-progress.routes.ts", "connect"],

  // Statistics and leads: the book's owner alone (rest/statistics.md, rest/leads.md)
  ["POST /api/insight/get-settings", "statistics.routes.ts", "owner"],
  ["POST /api/insight/update-settings", "statistics.routes.ts", "owner"],
  ["POST /api/insight/get-statistics", "statistics.routes.ts", "owner"],
  ["GET /api/insight/export-statistics", "statistics.routes.ts", "owner"],
  ["POST /api/insight/get-leads", "leads.routes.ts", "owner"],
  ["GET /api/insight/export-leads", "leads.routes.ts", "owner"],
  ["POST /api/insight/delete-lead", "leads.routes.ts", "owner"],
  ["POST /api/insight/get-lead-deliveries", "leads.routes.ts", "owner"],

  // Desktop licences (README "Desktop licence paths"), support (rest/support.md)
  ["POST /api/licence/register", "licence.routes.ts", "optional"],
  ["POST /api/licence/status", "licence.routes.ts", "optional"],
  ["POST /api/licence/deactivate", "licence.routes.ts", "optional"],
  ["POST /api/licence/offline-answer", "licence.routes.ts", "optional"],
  ["GET /api/licence/public-key", "licence.routes.ts", "public"],
  ["POST /api/common/get-support-contact", "support.routes.ts", "public"],
  ["GET /api/desktop/latest-version", "desktop.routes.ts", "public"],
  ["POST /api/desktop/feedback", "desktop.routes.ts", "optional"],

  // The hosted reader (README "The hosted reader"), its comments, statistics beacon and lead form
  ["GET /b/:link", "reader.routes.ts", "reader"],
  ["GET /b/:link/:page", "reader.routes.ts", "reader"],
  ["GET /b/:link/book.json", "reader.routes.ts", "reader"],
  ["GET /b/:link/assets/:revision/*", "reader.routes.ts", "reader"],
  ["GET /b/:link/analytics", "reader.routes.ts", "reader"],
  ["POST /b/:link/unlock", "reader.routes.ts", "reader"],
  ["GET /oembed", "reader.routes.ts", "public"],
  ["GET /b/:link/_meta/comment/comment.json", "comments.routes.ts", "reader"],
  ["POST /b/:link/post-comment", "comments.routes.ts", "reader"],
  ["GET /b/:link/insight.json", "statistics.routes.ts", "reader"],
  ["POST /b/:link/insight/events", "statistics.routes.ts", "reader"],
  ["POST /b/:link/lead", "leads.routes.ts", "reader"],
];

/**
 * Who may call a registered route (its method and path as registered; HEAD as its GET unless listed itself); a route
 * not in the table: `user`.
 */
export function accessOf(method: string, url: string): Access {
  return (
    accessByRoute.get(`${method} ${url}`) ??
    (method === "HEAD" ? accessByRoute.get(`GET ${url}`) : undefined) ??
    accessByRoute.get(`ANY ${url}`) ??
    "user"
  );
}

const accessByRoute = new Map(routeTable.map(([route, , access]) => [route, access]));
