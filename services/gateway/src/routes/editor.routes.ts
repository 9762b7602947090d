import { readFile } from "node:fs/promises";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";

/**
 * The online editor (spec 000 §2): its content-hashed files under /book_edit2/assets/ (cached for good) and its
 * index.html for /book_edit2 and every client route under it (/upload, /editor, /welcome, …).
 */
export async function registerEditorRoutes(app: FastifyInstance, distDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: join(distDir, "assets"),
    prefix: "/book_edit2/assets/",
    // The reader's registration decorates the reply already.
    decorateReply: false,
    immutable: true,
    maxAge: "365d",
    // The build writes .br and .gz beside each text file (web/build/precompress.ts).
    preCompressed: true,
  });

  let page: string | undefined;
  const index = async (reply: FastifyReply) => {
    try {
      page ??= await readFile(join(distDir, "index.html"), "utf8");
    } catch {
      return reply
        .code(404)
        .type("text/plain; charset=utf-8")
        .send("the editor is not built (npm run build -w web/editor)");
    }
    // The page names the current assets: never cache it.
    return reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(page);
  };
  app.get("/book_edit2", (_request, reply) => index(reply));
  app.get("/book_edit2/*", (_request, reply) => index(reply));
}
