import { useEffect, useState } from "react";

/** A QR code of a URL (the qrcode package loads only when one is shown). */
export function QrCode({ url, alt, size = 220 }: { url: string; alt: string; size?: number }) {
  const [data, setData] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    import("qrcode").then(({ toDataURL }) =>
      toDataURL(url, { margin: 1, width: size }).then((value) => {
        if (!cancelled) setData(value);
      }),
    );
    return () => {
      cancelled = true;
    };
  }, [url, size]);
  return data ? <img className="tl-qr" src={data} width={size} height={size} alt={alt} /> : null;
}
