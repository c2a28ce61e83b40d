import { getTranslations } from 'next-intl/server';
import styles from './help.module.css';

/**
 * Search in the help centre: a plain GET form, so it works before (and without) JavaScript and the
 * results page has its own address. The language prefix comes with the form's action.
 */
export async function HelpSearchForm({ action, query }: { action: string; query: string }) {
  const t = await getTranslations('help');
  return (
    <form role="search" action={action} method="get" className={styles.search}>
      <label htmlFor="help-q" className={styles.label}>
        {t('searchLabel')}
      </label>
      <div className={styles.searchRow}>
        <input
          id="help-q"
          name="q"
          type="search"
          defaultValue={query}
          maxLength={100}
          placeholder={t('searchPlaceholder')}
          className={styles.input}
          autoComplete="off"
        />
        <button type="submit" className={styles.submit}>
          {t('search')}
        </button>
      </div>
    </form>
  );
}
