import { getTranslations } from 'next-intl/server';
import type { Media, SiteConfiguration } from '@/lib/content';
import { Link as IntlLink } from '@/lib/i18n/navigation';
import { LanguagePicker } from '@/components/language/language-picker';
import { SettingsButton } from '@/components/settings/settings-button';
import { Artwork } from '@/components/ui/artwork';
import { AccountSlots } from './account-slots';
import styles from './header.module.css';
import { MenuButton } from './menu-button';
import { SearchButton } from './search-button';

/** The operator's logo, from the content service, at the size it was uploaded with. */
function Logo({ image, className }: { image: Media; className?: string }) {
  return (
    <Artwork
      className={className}
      src={image.url}
      alt={image.alt}
      width={image.width}
      height={image.height}
    />
  );
}

/** The app bar: 54 px on phones, 70 px from tablet up (spec §9). */
export async function SiteHeader({ site }: { site: SiteConfiguration }) {
  const t = await getTranslations('header');
  return (
    <header className={styles.bar} data-testid="site-header">
      <MenuButton />
      <IntlLink href="/" aria-label={t('logoAlt')} className={styles.logo}>
        <Logo image={site.logo} className={styles.logoWide} />
        <Logo image={site.alternative_logo} className={styles.logoNarrow} />
      </IntlLink>
      <div className={styles.spacer} />
      <div className={styles.group}>
        <SearchButton />
        <AccountSlots />
        <div className={`${styles.group} ${styles.wideOnly}`}>
          <LanguagePicker />
          <SettingsButton />
        </div>
      </div>
    </header>
  );
}
