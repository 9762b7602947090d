import { useEffect, useRef, useState } from "react";
import { type LeadForm, LeadFormDialog } from "./LeadFormDialog.js";
import { createTracker, type Tracker } from "./tracker.js";
import "./insight.css";

interface ReaderInsight {
  statistics: boolean;
  leadForm: LeadForm | null;
}

const leadKey = (link: string) => `turnleaf:lead:${link}`;

/** Whether this reader already sent (or, this session, skipped) the book's form. */
function leadDone(link: string): boolean {
  try {
    return (
      window.localStorage.getItem(leadKey(link)) === "sent" ||
      window.sessionStorage.getItem(leadKey(link)) === "skipped"
    );
  } catch {
    return false;
  }
}

function remember(link: string, how: "sent" | "skipped") {
  try {
    if (how === "sent") window.localStorage.setItem(leadKey(link), how);
    else window.sessionStorage.setItem(leadKey(link), how);
  } catch {
    // Storage off (private mode): the form shows again next time.
  }
}

/** The page embedding the reader (an iframe on another site), else "". */
function embeddingPage(): string {
  if (window.parent === window) return "";
  const ancestor = window.location.ancestorOrigins?.[0];
  return ancestor ?? document.referrer;
}

/**
 * The book's reading statistics and lead form (loaded on demand, after the first page: neither is on the reader's
 * critical path). Asks /b/<link>/insight.json what the owner turned on; sends the reading events; shows the lead form
 * as a modal before its page (blocking the book until sent unless the owner made it skippable). A form that may not be
 * skipped holds its pages on the server too (`leadLocked`): it shows whatever this browser remembers, and once sent
 * the book is fetched again with the pages the stored lead opened.
 */
export default function Insight({
  link,
  pageCount,
  visiblePages,
  leadLocked = false,
  onLeadSent,
}: {
  link: string;
  pageCount: number;
  visiblePages: number[];
  leadLocked?: boolean;
  onLeadSent?: () => unknown;
}) {
  const [insight, setInsight] = useState<ReaderInsight | null>(null);
  const [done, setDone] = useState(() => leadDone(link));
  const tracker = useRef<Tracker | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetch(`/b/${encodeURIComponent(link)}/insight.json`, { signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<ReaderInsight>) : null))
      .then((answer) => {
        if (answer) setInsight(answer);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [link]);

  useEffect(() => {
    if (!insight?.statistics || pageCount === 0) return;
    const embed = embeddingPage();
    const created = createTracker({
      url: `/b/${encodeURIComponent(link)}/insight/events`,
      pageCount,
      referrer: embed ? "" : document.referrer,
      embed,
      flushEveryMs: 5000,
    });
    tracker.current = created;
    created.flush();
    const onVisibility = () => (document.visibilityState === "hidden" ? created.hide() : created.resume());
    const onLeave = () => created.hide();
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pagehide", onLeave);
    const timer = window.setInterval(() => created.flush(), 5000);
    return () => {
      created.hide();
      tracker.current = null;
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", onLeave);
      window.clearInterval(timer);
    };
  }, [insight?.statistics, link, pageCount]);

  useEffect(() => {
    tracker.current?.show(visiblePages);
  });

  const form = insight?.leadForm;
  if (!form?.enabled || (done && !leadLocked) || form.fields.length === 0) return null;
  if (Math.max(0, ...visiblePages) < form.beforePage) return null;
  return (
    <LeadFormDialog
      link={link}
      form={form}
      onDone={(how) => {
        remember(link, how);
        setDone(true);
        if (how === "sent") onLeadSent?.();
      }}
    />
  );
}
