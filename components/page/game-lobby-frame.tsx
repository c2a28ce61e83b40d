import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { getTranslations } from 'next-intl/server';
import { PageHeading } from './page-heading';
import { TabLinks } from './tab-links';

type Props = { section: 'casino' | 'slots'; tabs: readonly string[]; current: string };

/** Casino and slots: the tab bar (links) and the tab's heading; the catalog work fills the grids. */
export async function GameLobbyFrame({ section, tabs, current }: Props) {
  const t = await getTranslations('lobby');
  const tPages = await getTranslations('pages');
  return (
    <Container data-testid={`${section}-frame`} data-tab={current}>
      <PageHeading title={tPages(section)} intro={t(`${section}Intro`)} />
      <TabLinks
        label={tPages(section)}
        current={current}
        tabs={tabs.map((tab) => ({
          value: tab,
          label: t(`tab.${tab}`),
          href: `/${section}?tab=${tab}`,
        }))}
      />
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }} data-testid="lobby-tab-title">
        {t(`tab.${current}`)}
      </Typography>
    </Container>
  );
}
