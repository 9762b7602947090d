import { type ImgHTMLAttributes, useEffect, useRef, useState } from "react";
import { reconnectPolicy, waitToRetry } from "../retry.js";

/**
 * An image asked for again, with the editor's reconnect backoff, while it does not arrive: page thumbnails are
 * drawn by the gateway on their first request, so a gateway restarting or busy then leaves a broken picture.
 */
export function RetryingImage({ src, ...shown }: ImgHTMLAttributes<HTMLImageElement> & { src: string }) {
  const [tries, setTries] = useState({ src, failures: 0 });
  const failures = tries.src === src ? tries.failures : 0;
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const failed = () => {
    if (failures >= reconnectPolicy.attempts) return;
    void waitToRetry(reconnectPolicy, failures + 1).then(() => {
      if (mounted.current) setTries({ src, failures: failures + 1 });
    });
  };
  // A new element per try: the browser does not ask again for a failed src set once more on the same element.
  return <img key={failures} src={src} alt="" {...shown} onError={failed} />;
}
