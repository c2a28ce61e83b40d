import Box from '@mui/material/Box';
import { ButtonLink } from '@/components/ui/button-link';

type Tab = { value: string; label: string; href: string };

/** Tabs that are links (`?tab=`), so the back button and shared addresses work. */
export function TabLinks({
  tabs,
  current,
  label,
}: {
  tabs: Tab[];
  current: string;
  label: string;
}) {
  return (
    <Box
      component="nav"
      aria-label={label}
      sx={{ display: 'flex', gap: 1, overflowX: 'auto', pb: 1, mb: 3 }}
      data-testid="tab-links"
    >
      {tabs.map((tab) => (
        <ButtonLink
          key={tab.value}
          href={tab.href}
          variant={tab.value === current ? 'header' : 'headerSecondary'}
          aria-current={tab.value === current ? 'page' : undefined}
          sx={{ flexShrink: 0 }}
        >
          {tab.label}
        </ButtonLink>
      ))}
    </Box>
  );
}
