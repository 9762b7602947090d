import { useEffect, useRef, useState } from "react";

/**
 * Analytics in a sandboxed frame served by the gateway (`/b/<link>/analytics`, CSP `sandbox allow-scripts`): the
 * owner's tracking script and Google Analytics run at an opaque origin, never with the reader's cookies or DOM, and
 * the reader's page needs no third-party script. Page views go to the frame by postMessage.
 */
export function AnalyticsFrame({ link, page, title }: { link: string; page: number; title: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!ready) return;
    frame.current?.contentWindow?.postMessage(
      { type: "turnleaf:pageview", page, title, location: window.location.href },
      "*",
    );
  }, [ready, page, title]);
  return (
    <iframe
      ref={frame}
      className="tl-analytics"
      src={`/b/${encodeURIComponent(link)}/analytics`}
      sandbox="allow-scripts"
      title="analytics"
      aria-hidden="true"
      tabIndex={-1}
      onLoad={() => setReady(true)}
      data-testid="analytics"
    />
  );
}
