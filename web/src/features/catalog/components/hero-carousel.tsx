import { useState, type FocusEvent } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '#web/components/button';
import { ChevronLeftIcon, ChevronRightIcon } from '#web/components/icons';
import { idle } from '#web/lib/idle';
import { DEFAULT_SLIDES, type Slide } from './default-slides';
import { HERO_HEIGHT, HERO_WIDTH, heroImage } from './hero-image';
import { useCarousel } from './use-carousel';
import styles from './hero-carousel.module.css';

/** The home hero: collection slides with Shop Now, previous/next, indicators and auto-advance. */
export function HeroCarousel({ slides = DEFAULT_SLIDES }: { slides?: Slide[] }) {
  const { index, goTo, next, prev, setPaused } = useCarousel(slides.length);
  // The other slides stay hidden for 6 s at least: their pictures wait until the first one is in and the
  // page is idle, instead of sharing a slow phone's bandwidth with the first screen. A slide shown
  // earlier (arrow, dot) gets its picture at once.
  const [restReady, setRestReady] = useState(false);
  const firstSettled = () => void idle().then(() => setRestReady(true));
  const onBlur = (e: FocusEvent<HTMLElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget)) setPaused(false);
  };
  return (
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label="Collections"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={onBlur}
    >
      <div className={styles.track}>
        {slides.map((s, i) => {
          const active = i === index;
          return (
            <div
              key={s.id}
              className={`${styles.slide} ${active ? styles.active : ''}`}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${slides.length}`}
              aria-hidden={!active}
              inert={!active}
            >
              {(i === 0 || active || restReady) && (
                <img
                  className={styles.image}
                  {...heroImage(s.image)}
                  alt=""
                  width={HERO_WIDTH}
                  height={HERO_HEIGHT}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : 'low'}
                  onLoad={i === 0 ? firstSettled : undefined}
                  onError={i === 0 ? firstSettled : undefined}
                />
              )}
              <div className={styles.shade} />
              <div className={`container ${styles.copy}`}>
                <p className={styles.kicker}>New collection</p>
                <h2 className={styles.title}>{s.title}</h2>
                <p className={styles.subtitle}>{s.subtitle}</p>
                <Link to={s.url} className={buttonClass({ variant: 'light' })}>
                  Shop Now
                </Link>
              </div>
            </div>
          );
        })}
      </div>
      <button type="button" className={`${styles.arrow} ${styles.prev}`} aria-label="Previous slide" onClick={prev}>
        <ChevronLeftIcon />
      </button>
      <button type="button" className={`${styles.arrow} ${styles.next}`} aria-label="Next slide" onClick={next}>
        <ChevronRightIcon />
      </button>
      <div className={styles.dots}>
        {slides.map((s, i) => (
          <button
            key={s.id}
            type="button"
            className={`${styles.dot} ${i === index ? styles.dotActive : ''}`}
            aria-label={`Show slide ${i + 1}: ${s.title}`}
            aria-current={i === index ? 'true' : undefined}
            onClick={() => goTo(i)}
          />
        ))}
      </div>
    </section>
  );
}
