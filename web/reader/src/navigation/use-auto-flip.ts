import { useEffect, useRef, useState } from "react";

/**
 * Auto flip: a turn every interval; at the end, start again while loops remain (−1: for ever). Answers whether it
 * plays and the toggle.
 */
export function useAutoFlip({
  autoStart,
  spread,
  spreadCount,
  intervalSeconds,
  loops,
  turn,
  goToPage,
}: {
  autoStart: boolean;
  spread: number;
  spreadCount: number;
  intervalSeconds: number;
  loops: number;
  turn(forward: boolean): void;
  goToPage(page: number): void;
}): [boolean, (playing: boolean) => void] {
  const [playing, setPlaying] = useState(autoStart);
  const loopsDone = useRef(0);
  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => {
      if (spread < spreadCount - 1) {
        turn(true);
        return;
      }
      loopsDone.current += 1;
      if (loops >= 0 && loopsDone.current >= loops) setPlaying(false);
      else goToPage(1);
    }, Math.max(1, intervalSeconds) * 1000);
    return () => window.clearInterval(timer);
  }, [playing, spread, spreadCount, turn, goToPage, intervalSeconds, loops]);
  return [playing, setPlaying];
}
