import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { Suspense, type ReactNode } from 'react';
import { getBettingCards, getExtraConfiguration, getSiteConfiguration } from '@/lib/content';
import { pageLocale } from '@/lib/i18n/page-locale';
import { logger } from '@/lib/logger';
import { chatwootWidget, config } from '@/lib/config';
import { isBare404Path } from '@/lib/site/paths';
import { BottomBar } from '@/components/layout/bottom-bar/bottom-bar';
import { preloadFooter, SiteFooter } from '@/components/layout/footer/site-footer';
import { SiteHeader } from '@/components/layout/header/site-header';
import { CoinbaseCallbackGate } from '@/components/auth/coinbase-callback-gate';
import { ModalLayer } from '@/components/modals/modal-layer';
import { SessionStore } from '@/components/session/session-store';
import { NoticeProvider } from '@/components/layout/notice-context';
import { ShellProvider } from '@/components/layout/shell-context';
import { ShellFrame } from '@/components/layout/shell-frame';
import frame from '@/components/layout/shell-frame.module.css';
import { SupportPanel } from '@/components/support/support-panel';
import { AnnouncementBar } from '@/components/content/announcement-bar';

type Props = { children: ReactNode; params: Promise<{ lang: string }> };

/** The shell every page of the site sits in: header, menus, footer, bottom bar, modals. */
export default async function SiteLayout({ children, params }: Props) {
  const lang = await pageLocale(params);
  // A path containing 404 is the bare full-screen title (spec §2): the language's not-found page,
  // outside this shell.
  if (isBare404Path((await headers()).get('x-pathname') ?? '')) notFound();
  preloadFooter(lang);
  const [t, site, extra, cards] = await Promise.all([
    getTranslations('common'),
    getSiteConfiguration(lang),
    // Support hours, social links, the announcement: extras, never a reason for a broken page.
    getExtraConfiguration(lang).catch((error: unknown) => {
      logger.warn({ err: error }, 'extra configuration unavailable');
      return null;
    }),
    // The drawer says 'Failed to fetch betting cards' instead of failing the page.
    getBettingCards(lang).catch((error: unknown) => {
      logger.warn({ err: error }, 'betting cards unavailable');
      return null;
    }),
  ]);
  return (
    <SessionStore>
      <NoticeProvider>
        <ShellProvider chatwoot={chatwootWidget()} supportHours={config.SUPPORT_HOURS ?? null}>
          <a href="#main-content" className={frame.skipLink}>
            {t('skipToContent')}
          </a>
          <ShellFrame
            header={<SiteHeader site={site} />}
            footer={<SiteFooter locale={lang} siteName={site.seo.siteName} />}
            bottomBar={<BottomBar cards={cards} />}
            panels={<SupportPanel support={site.support} extra={extra} />}
          >
            <AnnouncementBar announcement={extra?.announcement} />
            {children}
          </ShellFrame>
          <Suspense>
            <ModalLayer />
            <CoinbaseCallbackGate />
          </Suspense>
        </ShellProvider>
      </NoticeProvider>
    </SessionStore>
  );
}
