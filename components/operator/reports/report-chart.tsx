'use client';

import Box from '@mui/material/Box';
import { LineChart } from '@mui/x-charts/LineChart';
import { useFormatter, useTranslations } from 'next-intl';
import type { ReportDay } from '@/lib/schemas/reports';

/** GGR, bonus cost and NGR day by day, in USD. */
export function ReportChart({ days }: { days: ReportDay[] }) {
  const t = useTranslations('backOffice.reports');
  const format = useFormatter();
  return (
    <Box role="figure" aria-label={t('chart')}>
      <LineChart
      height={280}
      xAxis={[
        {
          scaleType: 'point',
          data: days.map((d) => d.day),
          valueFormatter: (day: string) =>
            format.dateTime(new Date(`${day}T00:00:00Z`), {
              month: 'short',
              day: 'numeric',
              timeZone: 'UTC',
            }),
        },
      ]}
      series={[
        { data: days.map((d) => Number(d.ggr.total)), label: t('columns.ggr') },
        { data: days.map((d) => Number(d.bonusCost)), label: t('columns.bonusCost') },
        { data: days.map((d) => Number(d.ngr)), label: t('columns.ngr') },
      ]}
      />
    </Box>
  );
}
