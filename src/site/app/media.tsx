import { useEffect, useRef, useState } from 'react';
import { LAZY_LOAD_MARGIN_PX, slidesPerView } from '../k3-behaviour.ts';
import { GALLERY, SLIDES } from './content.ts';
import { prefersReducedMotion, useViewportWidth } from './use-viewport.ts';

/** Image links opening in an accessible lightbox: a modal dialog, Escape closes, focus goes back to the link. */
export function Gallery() {
  const dialog = useRef<HTMLDialogElement>(null);
  const [shown, setShown] = useState<(typeof GALLERY)[number] | null>(null);
  useEffect(() => {
    if (shown && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [shown]);
  return (
    <div className="gallery">
      {GALLERY.map((image) => (
        <a
          key={image.src}
          href={image.src}
          onClick={(event) => {
            event.preventDefault();
            setShown(image);
          }}
        >
          <img src={image.src} alt={image.alt} width="240" height="160" />
        </a>
      ))}
      <dialog ref={dialog} className="lightbox" aria-label="Galeri" onClose={() => setShown(null)}>
        {shown && <img src={shown.src} alt={shown.alt} width="720" height="480" />}
        <button type="button" className="lightbox-close" onClick={() => dialog.current?.close()}>
          Tutup
        </button>
      </dialog>
    </div>
  );
}

const AUTOPLAY_MS = 4_000;

/** A carousel of 3 slides in view (tablet 2, mobile 1); autoplay stops for good once it has the focus. */
export function Carousel() {
  const width = useViewportWidth();
  const perView = slidesPerView(width, SLIDES.length);
  const [first, setFirst] = useState(0);
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());
  const last = Math.max(0, SLIDES.length - perView);
  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => setFirst((now) => (now >= last ? 0 : now + 1)), AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [playing, last]);
  const shown = SLIDES.slice(Math.min(first, last), Math.min(first, last) + perView);
  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label="Program pelatihan"
      data-per-view={perView}
      data-autoplay={playing ? 'on' : 'off'}
      onFocus={() => setPlaying(false)}
    >
      <h2 className="visually-hidden">Program pelatihan</h2>
      <div className="carousel-controls">
        <button type="button" aria-label="Sebelumnya" onClick={() => setFirst((now) => Math.max(0, now - 1))}>
          ‹
        </button>
        <button type="button" aria-label="Berikutnya" onClick={() => setFirst((now) => Math.min(last, now + 1))}>
          ›
        </button>
      </div>
      <ul className="slides" aria-live={playing ? 'off' : 'polite'}>
        {shown.map((slide, index) => (
          <li
            key={slide.id}
            className="slide"
            aria-roledescription="slide"
            aria-label={`${Math.min(first, last) + index + 1} dari ${SLIDES.length}`}
          >
            <h3>{slide.title}</h3>
            <p>{slide.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A container marked lazy-loaded once it comes within 200 px of the viewport (site spec §2).
 * Its content is there from the start: content that arrived with the marker would grow the page above
 * whatever the visitor scrolled to, and move it under their pointer.
 */
export function LazySection({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  const ref = useRef<HTMLElement>(null);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || loaded) return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && setLoaded(true),
      { rootMargin: `${LAZY_LOAD_MARGIN_PX}px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [loaded]);
  return (
    <section
      id={id}
      ref={ref}
      className="lazy-section"
      data-lazy-loaded={loaded ? '' : undefined}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}
