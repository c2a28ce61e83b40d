import { getTranslations } from 'next-intl/server';
import { config } from '@/lib/config';
import { pageLocale } from '@/lib/i18n/page-locale';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { InfoPageView } from '@/components/page/info-page';
import { ButtonLink } from '@/components/ui/button-link';
import styles from '@/components/page/page.module.css';

type Props = { params: Promise<{ lang: string }> };

export const generateMetadata = ({ params }: Props) => pageMetadata(params, '/help', 'help');

/** Help, localized; with HELP_GITBOOK_URL set it also links to the operator's GitBook in the language. */
export default async function HelpPage({ params }: Props) {
  const lang = await pageLocale(params);
  const t = await getTranslations('info.help');
  const gitbook = config.HELP_GITBOOK_URL?.replace('{lang}', lang);
  return (
    <InfoPageView page="help">
      {gitbook && (
        <ButtonLink
          href={gitbook}
          target="_blank"
          rel="noopener noreferrer"
          variant="header"
          className={styles.alignStart}
          data-testid="gitbook-link"
        >
          {t('gitbook')}
        </ButtonLink>
      )}
    </InfoPageView>
  );
}
