/**
 * Office documents end to end on the seven built processes: a PPTX uploaded through the gateway as the editor
 * sends it (begin-upload, one chunk, end-upload) becomes a book whose search index has the slides' words; a
 * password-protected document fails with the catalogue's text in the interface language (Chinese by default,
 * English when asked).
 */
import { expect, it } from "vitest";
import { workerSystem } from "../setup/worker-stores.js";
import { form, postTo, type Reply } from "../support/system.js";
import { flatPresentation, protectedOdt, saveAs } from "./office-fixtures.js";

const services = await workerSystem();

async function upload(bytes: Buffer, name: string, language = "") {
  const post = (path: string, body: string | Blob, contentType?: string) =>
    postTo(services.gatewayUrl, path, body, contentType);
  const begun = await post(
    "/api/book/begin-upload",
    form({ title: name, files: JSON.stringify([{ name, size: bytes.length, type: "application/octet-stream" }]) }),
  );
  expect(begun.code, begun.msg).toBe("OK");
  const task = begun.data as { taskId: string; files: { fileId: string }[] };
  const sent = await post(
    `/api/book/upload-book-files?taskId=${task.taskId}&fileId=${task.files[0]?.fileId ?? ""}&offset=0`,
    new Blob([new Uint8Array(bytes)]),
    "application/octet-stream",
  );
  expect(sent.code, sent.msg).toBe("OK");
  const ended = await post("/api/book/end-upload", form({ taskId: task.taskId }));
  expect(ended.code, ended.msg).toBe("OK");
  const progress = async () => {
    const response = await fetch(`${services.gatewayUrl}/api/book/get-progress`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        ...(language ? { "accept-language": language } : {}),
      },
      body: form({ taskId: task.taskId }),
    });
    return (await response.json()) as Reply;
  };
  let last: Reply | undefined;
  await expect
    .poll(
      async () => {
        last = await progress();
        return (last.data as { phase: string }).phase;
      },
      { timeout: 120_000, interval: 500 },
    )
    .toMatch(/^(ready|failed)$/);
  return { number: String((ended.data as { number: string }).number), last: last as Reply };
}

it("converts an uploaded PPTX into a book whose slides are searchable", { timeout: 180_000 }, async () => {
  const pptx = await saveAs(flatPresentation(["Quarterly flamingo report", "Pelican appendix"]), "fodp", "pptx");
  const { number, last } = await upload(pptx, "deck.pptx");
  expect((last.data as { phase: string }).phase).toBe("ready");
  const search = await fetch(`${services.gatewayUrl}/b/${number}/assets/1/search.json`);
  expect(search.status).toBe(200);
  const index = (await search.json()) as { pages: { page: number; text: string }[] };
  expect(index.pages.map((page) => page.text)).toEqual([
    expect.stringContaining("flamingo"),
    expect.stringContaining("Pelican"),
  ]);
});

it("refuses a password-protected document with the catalogue's text, Chinese by default", {
  timeout: 180_000,
}, async () => {
  const chinese = await upload(protectedOdt(), "locked.odt");
  const data = chinese.last.data as { phase: string; conversion: { message: string } | null };
  expect(data.phase).toBe("failed");
  expect(data.conversion?.message).toBe("文档转换失败：locked.odt 受密码保护，请取消密码后重新上传");
  const english = await upload(protectedOdt(), "locked.odt", "en");
  expect((english.last.data as { conversion: { message: string } | null }).conversion?.message).toBe(
    "document conversion failed: locked.odt is protected by a password: remove the password and upload it again",
  );
});
