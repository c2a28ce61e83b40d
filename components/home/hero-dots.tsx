'use client';

import { useEffect, useState } from 'react';
import styles from './hero.module.css';

/** One button per banner: scrolls the track to it, and marks the one in view as it is scrolled. */
export function HeroDots({ trackId, labels }: { trackId: string; labels: string[] }) {
  const [current, setCurrent] = useState(0);

  useEffect(() => {
    const track = document.getElementById(trackId);
    if (!track) return;
    const slides = [...track.children];
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) setCurrent(slides.indexOf(entry.target));
        }
      },
      { root: track, threshold: 0.6 },
    );
    slides.forEach((s) => observer.observe(s));
    return () => observer.disconnect();
  }, [trackId]);

  const show = (i: number) => {
    const track = document.getElementById(trackId);
    const slide = track?.children[i] as HTMLElement | undefined;
    if (!track || !slide) return;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    // The slide's own offset, so right-to-left pages scroll the same way round.
    track.scrollTo({
      left: slide.offsetLeft - track.offsetLeft,
      behavior: reduced ? 'auto' : 'smooth',
    });
    setCurrent(i);
  };

  return (
    <div className={styles.dots}>
      {labels.map((label, i) => (
        <button
          key={label}
          type="button"
          className={styles.dot}
          aria-label={label}
          aria-current={i === current ? 'true' : undefined}
          aria-controls={trackId}
          onClick={() => show(i)}
        />
      ))}
    </div>
  );
}
