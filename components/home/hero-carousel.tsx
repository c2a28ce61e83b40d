import { getTranslations } from 'next-intl/server';
import type { HeroBanner } from '@/lib/content';
import { ContentCta } from '@/components/content/content-cta';
import { HeroDots } from './hero-dots';
import styles from './hero.module.css';

/**
 * The editor's banners in a row that scrolls sideways (CSS scroll snap: no carousel library), each
 * with its own image per breakpoint through <picture>. Only the first image loads eagerly: it is the
 * page's largest paint. The dots are the only client code.
 */
export async function HeroCarousel({ banners }: { banners: HeroBanner[] }) {
  if (banners.length === 0) return null;
  const t = await getTranslations('home');
  return (
    <section className={styles.hero} aria-roledescription="carousel" aria-label={t('heroLabel')}>
      <ul className={styles.track} id="hero-track" data-testid="hero-track">
        {banners.map((banner, i) => (
          <li
            key={banner.id}
            className={styles.slide}
            aria-roledescription="slide"
            aria-label={t('slideOf', { index: i + 1, count: banners.length })}
            data-testid="hero-banner"
          >
            <picture>
              {banner.mobileImage && (
                <source media="(max-width: 767px)" srcSet={banner.mobileImage.url} />
              )}
              {banner.tabletImage && (
                <source media="(max-width: 1024px)" srcSet={banner.tabletImage.url} />
              )}
              <img
                className={styles.image}
                src={banner.image.url}
                alt={banner.image.alt}
                width={banner.image.width}
                height={banner.image.height}
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'auto'}
                decoding="async"
              />
            </picture>
            <div className={styles.copy}>
              <h2 className={styles.title}>{banner.title}</h2>
              {banner.text && <p className={styles.text}>{banner.text}</p>}
              {banner.cta && <ContentCta cta={banner.cta} variant="header" />}
            </div>
          </li>
        ))}
      </ul>
      {banners.length > 1 && (
        <HeroDots
          trackId="hero-track"
          labels={banners.map((b, i) =>
            t('showSlide', { index: i + 1, count: banners.length, title: b.title }),
          )}
        />
      )}
    </section>
  );
}
