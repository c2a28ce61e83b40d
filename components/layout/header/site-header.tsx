import { getTranslations } from 'next-intl/server';
import type { SiteConfiguration } from '@/lib/content';
import { Link as IntlLink } from '@/lib/i18n/navigation';
import { LanguagePicker } from '@/components/language/language-picker';
import { SettingsButton } from '@/components/settings/settings-button';
import { AccountSlots } from './account-slots';
import styles from './header.module.css';
import { MenuButton } from './menu-button';
import { SearchButton } from './search-button';

/** The app bar: 54 px on phones, 70 px from tablet up (spec §9). */
export async function SiteHeader({ site }: { site: SiteConfiguration }) {
  const t = await getTranslations('header');
  return (
    <header className={styles.bar} data-testid="site-header">
      <MenuButton />
      <IntlLink href="/" aria-label={t('logoAlt')} className={styles.logo}>
        {/* eslint-disable-next-line @next/next/no-img-element -- the logo is the operator's, from the content service */}
        <img
          className={styles.logoWide}
          src={site.logo.url}
          alt={site.logo.alt}
          width={site.logo.width}
          height={site.logo.height}
        />
        {/* eslint-disable-next-line @next/next/no-img-element -- as above */}
        <img
          className={styles.logoNarrow}
          src={site.alternative_logo.url}
          alt={site.alternative_logo.alt}
          width={site.alternative_logo.width}
          height={site.alternative_logo.height}
        />
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
