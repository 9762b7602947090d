import { useEffect, useRef } from "react";
import { normaliseVolume } from "./sound.js";

/**
 * Background music: browsers play sound only after a user gesture, so it starts on the first pointer or key press;
 * `loops` −1 repeats for ever, N plays N times.
 */
export function BackgroundMusic({
  music,
  muted,
}: {
  music: { url: string; loops: number; volume: number };
  muted: boolean;
}) {
  const audio = useRef<HTMLAudioElement>(null);
  const played = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new track starts over on the next gesture
  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    element.volume = normaliseVolume(music.volume);
    played.current = 0;
    const start = () => {
      void element.play().catch(() => undefined);
    };
    window.addEventListener("pointerdown", start, { once: true, capture: true });
    window.addEventListener("keydown", start, { once: true, capture: true });
    return () => {
      window.removeEventListener("pointerdown", start, { capture: true });
      window.removeEventListener("keydown", start, { capture: true });
      element.pause();
    };
  }, [music.url, music.volume]);
  const onEnded = () => {
    played.current += 1;
    if (music.loops < 0 || played.current < music.loops) {
      const element = audio.current;
      if (!element) return;
      element.currentTime = 0;
      void element.play().catch(() => undefined);
    }
  };
  return (
    <audio ref={audio} src={music.url} muted={muted} preload="none" onEnded={onEnded} data-testid="music">
      <track kind="captions" />
    </audio>
  );
}
