/**
 * A dynamic scene (the settings tree's snow, rain, petals, stars, bubbles, leaves): a few dozen CSS-animated
 * particles in front of the book, not hit-testable, left out under reduced motion.
 */
export function Scene({ scene }: { scene: string }) {
  const particles = Array.from({ length: 28 }, (_, index) => {
    // A fixed scatter (no randomness): the same book looks the same on every open.
    const left = (index * 37) % 100;
    const delay = -((index * 1.7) % 9);
    const duration = 7 + ((index * 13) % 7);
    const size = 0.6 + ((index * 7) % 5) / 5;
    return (
      <i
        // biome-ignore lint/suspicious/noArrayIndexKey: particles are interchangeable
        key={index}
        style={{
          left: `${left}%`,
          animationDelay: `${delay}s`,
          animationDuration: `${duration}s`,
          scale: String(size),
          ["--tl-y" as string]: `${(index * 53) % 100}%`,
        }}
      />
    );
  });
  return (
    <div className={`tl-scene tl-scene-${scene}`} aria-hidden="true" data-testid="scene">
      {particles}
    </div>
  );
}
