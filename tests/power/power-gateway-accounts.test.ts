/**
 * The power paths through the real gateway, for accounts and their books: team access to books, user meta, the
 * book logo and third-party accounts, the hosting sweep (on the test's clock), fuzzed inputs on the power paths and
 * sessions on them (power-gateway-fixtures.ts starts the services).
 */
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { jetstream } from "@nats-io/jetstream";
import { BookHostingChangedSchema } from "@turnleaf/contracts/power/v1/power_events_pb";
import { PlanKind } from "@turnleaf/contracts/power/v1/power_service_pb";
import { UploadTaskState, UploadTaskStateChangedSchema } from "@turnleaf/contracts/upload/v1/upload_events_pb";
import { decodeEvent, publishEvent, streams, subjects } from "@turnleaf/kit";
import { describe, expect, it } from "vitest";
import {
  accounts,
  admin,
  book,
  clock,
  gatewayFor,
  hour,
  htmlConfigOf,
  nats,
  otherHost,
  post,
  power,
  productHost,
  type Reply,
  setClock,
  slots,
  stack,
  suffix,
  sweep,
  usePowerStack,
  user,
} from "./power-gateway-fixtures.js";

usePowerStack();

describe("team access to books", () => {
  it("lets a member whose role reaches a team book read or change it (otherKey), refuses one without the power, and never lets a non-member see it", async () => {
    const teamId = `6${Number.parseInt(suffix, 16) % 100_000}`;
    await admin.setTeamRole({ teamId, roleId: "1", roleName: "author", powers: ["BOOK_EDIT_SELF"] });
    await admin.setTeamRole({ teamId, roleId: "2", roleName: "editor", powers: ["BOOK_EDIT_OTHER"] });
    await admin.setTeamRole({ teamId, roleId: "3", roleName: "viewer", powers: ["BOOK_VIEW_OTHER"] });
    await admin.setTeamRole({ teamId, roleId: "4", roleName: "guest", powers: ["BOOK_VIEW_SELF"] });
    const [author, editor, viewer, guest, outsider] = [
      await user(2),
      await user(2),
      await user(2),
      await user(2),
      await user(2),
    ];
    for (const [member, roleId] of [
      [author, "1"],
      [editor, "2"],
      [viewer, "3"],
      [guest, "4"],
    ] as const) {
      await admin.setTeamMember({ teamId, userId: member, roleId });
    }
    const bookId = await book(author, teamId);
    const change = (colour: string, extra: Record<string, string> = {}) => ({
      bookId,
      teamId,
      bookConfig: JSON.stringify({ bgColor: colour, ...extra }),
    });
    expect(await post(author, "/api/book/update-book", change("#111111"))).toMatchObject({ code: "OK" });

    // The editor role (BOOK_EDIT_OTHER) reads and changes another member's team book, gated features included.
    expect(await post(editor, "/api/book/get-book", { bookId })).toMatchObject({
      code: "OK",
      data: { bookId, htmlConfig: { bgColor: "#111111" } },
    });
    const edited = await post(
      editor,
      "/api/book/update-book",
      change("#222222", { TableOfContentButtonVisible: "Show" }),
    );
    expect(edited, edited.msg).toMatchObject({ code: "OK", data: { htmlConfig: { bgColor: "#222222" } } });
    expect(await htmlConfigOf(author, bookId)).toMatchObject({
      bgColor: "#222222",
      TableOfContentButtonVisible: "Show",
    });

    // Its catalog and bookmarks too: the editor changes them, the viewer reads them but may not change them.
    const catalog = JSON.stringify([{ title: "Team chapter", page: 1, children: [] }]);
    const savedCatalog = await post(editor, "/api/book/save-book-catalog", { bookId, catalog });
    expect(savedCatalog, savedCatalog.msg).toMatchObject({ code: "OK" });
    expect(JSON.stringify(await post(viewer, "/api/book/get-book-catalog", { bookId }))).toContain("Team chapter");
    expect(await post(viewer, "/api/book/save-book-catalog", { bookId, catalog: "[]" })).toMatchObject({
      code: "POWER_LIMIT",
      data: { source: "role" },
    });
    expect(await post(outsider, "/api/book/get-book-catalog", { bookId })).toMatchObject({
      code: "ERROR",
      msg: "书不存在",
    });

    // Its saved custom configuration too: the editor keeps one, the viewer reads it but may not delete it.
    const look = JSON.stringify({ customConfigName: "Team look", bgColor: "#222222" });
    const kept = await post(editor, "/api/book/save-book-custom-config", { bookId, type: "theme", config: look });
    expect(kept, kept.msg).toMatchObject({ code: "OK" });
    expect(JSON.stringify(await post(viewer, "/api/book/get-book-custom-config", { bookId, type: "theme" }))).toContain(
      "Team look",
    );
    expect(await post(viewer, "/api/book/delete-book-custom-config", { bookId, type: "theme" })).toMatchObject({
      code: "POWER_LIMIT",
      data: { source: "role" },
    });
    expect(await post(outsider, "/api/book/get-book-custom-config", { bookId, type: "theme" })).toMatchObject({
      code: "ERROR",
      msg: "书不存在",
    });
    expect(JSON.stringify(await post(author, "/api/book/get-book-custom-config", { bookId, type: "theme" }))).toContain(
      "Team look",
    );

    // The viewer role reads it but may not change it; nothing is saved.
    expect(await post(viewer, "/api/book/get-book", { bookId })).toMatchObject({ code: "OK", data: { bookId } });
    for (const fields of [change("#333333"), { ...change("#333333"), teamId: "0" }]) {
      expect(await post(viewer, "/api/book/update-book", fields), fields.teamId).toMatchObject({
        code: "POWER_LIMIT",
        msg: "没有编辑书籍设置功能的权限，请联系客服开通",
        data: { source: "role" },
      });
    }
    // A role holding only the selfKey (its own books) reaches neither.
    expect(await post(guest, "/api/book/get-book", { bookId })).toMatchObject({
      code: "POWER_LIMIT",
      msg: "没有查看书籍功能的权限，请联系客服开通",
      data: { feature: "view book", source: "role" },
    });
    expect(await post(guest, "/api/book/update-book", change("#444444"))).toMatchObject({ code: "POWER_LIMIT" });
    // A non-member never sees it, in the team's context or not.
    for (const [path, fields] of [
      ["/api/book/get-book", { bookId }],
      ["/api/book/update-book", change("#555555")],
      ["/api/book/update-book", { ...change("#555555"), teamId: "0" }],
    ] as const) {
      expect(await post(outsider, path, fields), path).toMatchObject({ code: "ERROR", msg: "书不存在" });
    }
    expect(await htmlConfigOf(author, bookId)).toMatchObject({ bgColor: "#222222" });
    // A member's own book outside the team stays their own: another member's role does not reach it.
    const privateBook = await book(author);
    expect(await post(editor, "/api/book/get-book", { bookId: privateBook })).toMatchObject({
      code: "ERROR",
      msg: "书不存在",
    });
  });
});

describe("user meta, logo and third-party accounts", () => {
  it("round-trips preferences, maps render type 3 and 4 to 2, and refuses bad fields", async () => {
    const userId = await user(2);
    expect(await post(userId, "/api/user/get-user-meta", {})).toMatchObject({
      code: "OK",
      data: { cb_renderType: 2, cb_vectorType: 2, cb_qualityDpi: 2, pdfImportConfig: { importTOC: true, r: "" } },
    });
    const set = await post(userId, "/api/user/set-user-meta", {
      cb_renderType: "3",
      cb_cutType: "-1",
      never_show_privacy_tips: "true",
      pdfImportConfig: JSON.stringify({ importTOC: false, r: "1,5-8,20" }),
    });
    expect(set, set.msg).toMatchObject({ code: "OK", data: { cb_renderType: 2, cb_cutType: -1 } });
    await post(userId, "/api/user/set-user-meta", { cb_renderType: "4", cb_qualityDpi: "3" });
    expect(await post(userId, "/api/user/get-user-meta", {})).toMatchObject({
      data: {
        cb_renderType: 2,
        cb_qualityDpi: 3,
        cb_cutType: -1,
        never_show_privacy_tips: true,
        pdfImportConfig: { importTOC: false, importSearch: true, r: "1,5-8,20" },
      },
    });
    expect((await post(userId, "/api/user/set-user-meta", { cb_renderType: "5" })).data).toMatchObject({
      cb_renderType: 5,
    });
    for (const [fields, message] of [
      [{ pdfImportConfig: "{broken" }, "无效的 JSON 字符串"],
      [{ cb_cutType: "9" }, "cb_cutType 必须是以下之一：-1, 0, 1, 2, 3"],
      [{ cb_qualityDpi: "x".repeat(5000) }, undefined],
      [{ unknownPreference: "1" }, undefined],
    ] as const) {
      const refused = await post(userId, "/api/user/set-user-meta", fields);
      expect(refused.code, JSON.stringify(fields).slice(0, 80)).toBe("ERROR");
      if (message) expect(refused.msg).toBe(message);
    }
  });

  it("sets the book logo (http(s) or a path), refuses other schemes, and gates it by type", async () => {
    const userId = await user(2);
    const set = await post(userId, "/api/user/update-user-book-logo", { logo: "https://cdn.example.com/l.png" });
    expect(set, set.msg).toMatchObject({ code: "OK", data: { bookLogo: "https://cdn.example.com/l.png" } });
    expect((await power.getUser({ userId })).user?.bookLogo).toBe("https://cdn.example.com/l.png");
    expect(await post(userId, "/api/user/update-user-book-logo", { logo: "javascript:alert(1)" })).toMatchObject({
      code: "ERROR",
      data: { field: "logo" },
    });
    expect(await post(userId, "/api/user/update-user-book-logo", { logo: "/f/l.png" }, otherHost)).toMatchObject({
      code: "POWER_LIMIT",
      msg: "没有标志功能的权限，请联系客服开通",
    });
  });

  it("binds a provider identity to one account, and merges it into another with proof of both sessions", async () => {
    const email = (name: string) => `${name}-${suffix}@turnleaf.test`;
    const password = "correct horse battery";
    const first = (await accounts.register({ email: email("first"), password })).user?.userId ?? "";
    const second = (await accounts.register({ email: email("second"), password })).user?.userId ?? "";
    const subject = `sub-${suffix}`;
    expect(await post(second, "/api/third/bind-account", { provider: "wechat", subject })).toMatchObject({
      code: "OK",
      data: { provider: "wechat", subject, userId: second, alreadyBound: false },
    });
    expect(await post(second, "/api/third/bind-account", { provider: "wechat", subject })).toMatchObject({
      data: { alreadyBound: true },
    });
    expect(await post(first, "/api/third/bind-account", { provider: "wechat", subject })).toMatchObject({
      code: "ERROR",
      msg: "此账号已绑定到其他用户",
    });
    expect(
      await post(first, "/api/third/merge-third-account", { otherToken: "not-a-session", provider: "wechat" }),
    ).toMatchObject({ code: "ERROR", msg: "另一个账号的登录已失效" });
    const { session } = await accounts.logIn({ email: email("second"), password, clientAddress: "127.0.0.1" });
    const merged = await post(first, "/api/third/merge-third-account", {
      otherToken: session?.token ?? "",
      provider: "wechat",
    });
    expect(merged, merged.msg).toMatchObject({
      code: "OK",
      data: { fromUserId: second, moved: [{ provider: "wechat", subject }] },
    });
    expect(await post(first, "/api/third/bind-account", { provider: "wechat", subject })).toMatchObject({
      code: "OK",
      data: { userId: first, alreadyBound: true },
    });
  });
});

describe("the hosting sweep", () => {
  /** The next BookHostingChanged of a book from JetStream. */
  async function hostingEvent(bookId: string, startSequence: number) {
    const consumer = await jetstream(nats).consumers.get(streams.power.name, {
      filter_subjects: [subjects.bookHostingChanged(bookId)],
      opt_start_seq: startSequence,
    });
    // Each sweep's publications are acknowledged by JetStream before it returns: what exists is there already.
    const message = await consumer.next({ expires: 2_000 });
    if (!message) return undefined;
    return { event: decodeEvent(BookHostingChangedSchema, message), sequence: message.seq };
  }

  async function completeUpload(taskId: string, bookId: string) {
    await publishEvent(nats, subjects.uploadTaskState(taskId), UploadTaskStateChangedSchema, {
      taskId,
      state: UploadTaskState.COMPLETED,
      bookId,
      revision: 1,
    });
  }

  it("charges a point per hosted book per month, suspends an unpaid book 24 hours later and resumes it once paid", async () => {
    const userId = await user(2);
    setClock(new Date("2026-06-01T00:00:00.000Z"));
    await admin.setPlan({ account: { userId }, plan: { kind: PlanKind.POINTS, points: 1 }, actor: "t", reason: "t" });
    const [paidBook, unpaidBook] = [`hp${suffix}a`, `hp${suffix}b`];
    for (const [task, bookId] of [
      [`${suffix}a`, paidBook],
      [`${suffix}b`, unpaidBook],
    ] as const) {
      await power.reserveBookSlot({ asker: { userId }, bookKey: `upload:${task}` });
      await completeUpload(task, bookId);
    }
    // The slots learn their books from the upload's COMPLETED events.
    await expect
      .poll(async () => (await slots.listAccountSlots(`user:${userId}`)).map((slot) => slot.bookId).sort(), {
        timeout: 10_000,
      })
      .toEqual([paidBook, unpaidBook].sort());

    setClock(new Date(clock.getTime() + hour));
    await sweep();
    const account = (await admin.getAccountPower({ account: { userId } })).power;
    expect(account?.plan?.points).toBe(0);
    expect(account?.events.some((event) => event.action === "charge-hosting")).toBe(true);

    setClock(new Date("2026-06-01T23:59:00.000Z"));
    await sweep();
    setClock(new Date("2026-06-02T00:00:00.000Z"));
    await sweep();
    const suspended = await hostingEvent(unpaidBook, 1);
    expect(suspended?.event).toMatchObject({ bookId: unpaidBook, userId, suspended: true, reason: "points exhausted" });
    // The earlier sweeps published nothing for the book: this is its first event. Nothing for the paid book.
    expect(await hostingEvent(paidBook, 1)).toBeUndefined();
    // A later sweep does not announce it again.
    setClock(new Date("2026-06-02T06:00:00.000Z"));
    await sweep();
    expect(await hostingEvent(unpaidBook, (suspended?.sequence ?? 0) + 1)).toBeUndefined();

    await admin.setPlan({ account: { userId }, plan: { kind: PlanKind.POINTS, points: 3 }, actor: "t", reason: "t" });
    await sweep();
    const resumed = await hostingEvent(unpaidBook, (suspended?.sequence ?? 0) + 1);
    expect(resumed?.event).toMatchObject({ bookId: unpaidBook, suspended: false, reason: "paid" });
    expect((await admin.getAccountPower({ account: { userId } })).power?.plan?.points).toBe(2);

    // A month after the first charge the paid book is due again and takes the next point.
    setClock(new Date("2026-07-01T00:00:01.000Z"));
    await sweep();
    expect((await admin.getAccountPower({ account: { userId } })).power?.plan?.points).toBe(1);
  }, 60_000);

  it("suspends the books of an expired VIP plan 24 hours after it ended", async () => {
    const userId = await user(2);
    setClock(new Date("2026-08-01T00:00:00.000Z"));
    const ends = new Date("2026-08-03T00:00:00.000Z");
    await admin.setPlan({
      account: { userId },
      plan: { kind: PlanKind.VIP_MONTHLY, vipExpiresAt: timestampFromDate(ends) },
      actor: "t",
      reason: "t",
    });
    const bookId = `hv${suffix}`;
    await power.reserveBookSlot({ asker: { userId }, bookKey: `upload:${suffix}v` });
    await completeUpload(`${suffix}v`, bookId);
    await expect
      .poll(async () => (await slots.listAccountSlots(`user:${userId}`))[0]?.bookId, { timeout: 10_000 })
      .toBe(bookId);
    await sweep();
    setClock(new Date("2026-08-03T23:00:00.000Z"));
    await sweep();
    expect(await hostingEvent(bookId, 1)).toBeUndefined();
    setClock(new Date("2026-08-04T00:00:00.000Z"));
    await sweep();
    expect((await hostingEvent(bookId, 1))?.event).toMatchObject({ bookId, suspended: true, reason: "VIP expired" });
  }, 60_000);
});

describe("fuzzed inputs on the power paths", () => {
  it("answers odd forms below 500 with the envelope and a catalogue message, never a stack", async () => {
    const userId = await user(2);
    const bookId = await book(userId);
    const paths: Record<string, string[]> = {
      "/api/power/get-user-custom-config": ["teamId"],
      "/api/team/get-team-role-power-config": ["team"],
      "/api/user/get-user-meta": [],
      "/api/user/set-user-meta": ["cb_renderType", "pdfImportConfig", "cb_autoCreate", "x"],
      "/api/user/update-user-book-logo": ["logo"],
      "/api/third/bind-account": ["provider", "subject"],
      "/api/third/merge-third-account": ["otherToken", "provider"],
      "/api/book/update-book": ["teamId", "bookConfig", "plugin", "downloadconfig", "isDownload"],
    };
    const odd = ["", "-1", "0", "1e309", "{", "[]", '{"a":', "x".repeat(100_000), "\u0000", "%zz", "☃".repeat(50)];
    const findings: string[] = [];
    const check = async (path: string, payload: string, contentType: string) => {
      const response = await (await gatewayFor(userId)).inject({
        method: "POST",
        url: path,
        headers: { "content-type": contentType, host: productHost },
        payload,
      });
      const body = response.body;
      let reply: Partial<Reply> = {};
      try {
        reply = JSON.parse(body) as Reply;
      } catch {
        findings.push(`${path} ${payload.slice(0, 40)}: not JSON`);
        return;
      }
      if (response.statusCode >= 500) findings.push(`${path} ${payload.slice(0, 40)}: HTTP ${response.statusCode}`);
      if (typeof reply.code !== "string" || typeof reply.msg !== "string" || !("data" in reply)) {
        findings.push(`${path} ${payload.slice(0, 40)}: no envelope`);
      }
      if (/\n\s+at |unknown error|"unknownError"/.test(body))
        findings.push(`${path} ${payload.slice(0, 40)}: ${body.slice(0, 120)}`);
    };
    for (const [path, fields] of Object.entries(paths)) {
      const base: Record<string, string> = path === "/api/book/update-book" ? { bookId } : {};
      await check(path, "", "application/x-www-form-urlencoded");
      await check(path, "[1,2]", "application/json");
      await check(path, JSON.stringify({ ...base, [fields[0] ?? "x"]: 5 }), "application/json");
      for (const field of fields) {
        for (const value of odd) {
          await check(
            path,
            new URLSearchParams({ ...base, [field]: value }).toString(),
            "application/x-www-form-urlencoded",
          );
        }
        await check(
          path,
          `${new URLSearchParams(base).toString()}&${field}=1&${field}=2`,
          "application/x-www-form-urlencoded",
        );
      }
    }
    expect(findings).toEqual([]);
  }, 120_000);
});

describe("sessions on the power paths", () => {
  it("answers LOGIN_SIGNOUT without a session and with an unknown session cookie", async () => {
    // Nobody signed in, no product hosts configured.
    const anonymous = await stack.gateway.app({ productHosts: undefined });
    try {
      for (const path of [
        "/api/power/get-user-custom-config",
        "/api/team/get-team-role-power-config",
        "/api/user/get-user-meta",
        "/api/user/set-user-meta",
        "/api/user/update-user-book-logo",
        "/api/third/bind-account",
        "/api/third/merge-third-account",
      ]) {
        const fields = { team: "5", logo: "/l.png", provider: "wechat", subject: "s", otherToken: "t" };
        for (const cookie of [undefined, "tl_session=unknown-token"]) {
          const response = await anonymous.inject({
            method: "POST",
            url: path,
            headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
            payload: new URLSearchParams(fields).toString(),
          });
          expect(response.json(), `${path} ${cookie ?? "no cookie"}`).toMatchObject({
            code: "LOGIN_SIGNOUT",
            status: "0",
          });
        }
      }
    } finally {
      await anonymous.close();
    }
  });
});
