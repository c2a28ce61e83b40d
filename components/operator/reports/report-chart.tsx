'use client';

import Box from '@mui/material/Box';
import { LineChart } from '@mui/x-charts/LineChart';
import { useTranslations } from 'next-intl';
import type { ReportDay } from '@/lib/schemas/reports';

/** GGR, bonus cost and NGR day by day, in USD. */
export function ReportChart({ days }: { days: ReportDay[] }) {
  const t = useTranslations('backOffice.reports');
  return (
    <Box role="figure" aria-label={t('chart')}>
      <LineChart
      height={280}
      xAxis={[{ scaleType: 'point', data: days.map((d) => d.day) }]}
      series={[
        { data: days.map((d) => Number(d.ggr.total)), label: t('columns.ggr') },
        { data: days.map((d) => Number(d.bonusCost)), label: t('columns.bonusCost') },
        { data: days.map((d) => Number(d.ngr)), label: t('columns.ngr') },
      ]}
      />
    </Box>
  );
}
