import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { getFormatter, getLocale, getTranslations } from 'next-intl/server';
import type { Bet } from '@/lib/schemas/originals';
import { formatAmount } from '@/lib/wallet/format';
import { ButtonLink } from '@/components/ui/button-link';
import { MinesBoardView, tileList, type MinesResult } from './mines/mines-board-view';

/** What the bet asked, in the player's words ("Roll over 50.50", "Target 2.00×", "16 rows, low"). */
async function describeParams(bet: Bet): Promise<string> {
  const t = await getTranslations('originals.bet');
  const p = bet.params;
  if (p.game === 'dice')
    return t(p.side === 'over' ? 'diceOver' : 'diceUnder', { target: p.target.toFixed(2) });
  if (p.game === 'limbo') return t('limboTarget', { target: p.target.toFixed(2) });
  if (p.game === 'mines') return t('minesShape', { mines: p.mines });
  return t('plinkoShape', {
    rows: p.rows,
    risk: (await getTranslations('originals.plinko'))(`risks.${p.risk}`),
  });
}

async function describeResult(bet: Bet): Promise<string> {
  const r = bet.result;
  if (bet.game === 'dice') return Number(r.roll).toFixed(2);
  if (bet.game === 'limbo') return `${Number(r.result).toFixed(2)}×`;
  if (bet.game === 'mines') {
    const { mines, picks } = r as MinesResult;
    return (await getTranslations('originals.bet'))('minesResult', {
      tiles: tileList(mines),
      picks: picks.length,
    });
  }
  return String(r.bucket);
}

/** A Mines game's whole board: the mines, and the tiles the player revealed. */
async function MinesBoard({ result }: { result: MinesResult }) {
  const t = await getTranslations('originals.mines');
  return (
    <Box sx={{ my: 2 }}>
      <MinesBoardView
        result={result}
        name={(key, tile) => t(key, { tile })}
        label={t('boardView')}
      />
    </Box>
  );
}

/** A bet's public page body, rendered on the server (it needs no script). */
export async function BetDetails({ bet }: { bet: Bet }) {
  const t = await getTranslations('originals.bet');
  const tGames = await getTranslations('originals.games');
  const locale = await getLocale();
  const format = await getFormatter();
  const rows: Array<[string, string, string?]> = [
    [t('game'), tGames(`${bet.game}.name`)],
    [t('player'), bet.player ?? t('hidden')],
    [
      t('time'),
      format.dateTime(new Date(bet.createdAt), { dateStyle: 'medium', timeStyle: 'medium' }),
    ],
    [t('amount'), `${formatAmount(bet.amount, locale)} ${bet.currency}`],
    [t('bet'), await describeParams(bet)],
    [t('result'), await describeResult(bet), 'bet-result'],
    [t('multiplier'), `${bet.multiplier}×`],
    [t('payout'), `${formatAmount(bet.payout, locale)} ${bet.currency}`],
    [t('serverSeedHash'), bet.serverSeedHash],
    [t('serverSeed'), bet.serverSeed ?? t('notRevealed'), 'bet-server-seed'],
    [t('clientSeed'), bet.clientSeed],
    [t('nonce'), String(bet.nonce), 'bet-nonce'],
    [
      t('mapping'),
      t('mappingValue', {
        version: bet.mappingVersion,
        edge: bet.edgeBps,
        table: bet.tableId ?? '—',
      }),
    ],
  ];
  return (
    <Paper sx={{ p: 2 }}>
      <Table size="small">
        <TableBody>
          {rows.map(([label, value, testId]) => (
            <TableRow key={label}>
              <TableCell component="th" scope="row" sx={{ width: '35%' }}>
                {label}
              </TableCell>
              <TableCell data-testid={testId} sx={{ wordBreak: 'break-all' }}>
                {value}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {bet.game === 'mines' && <MinesBoard result={bet.result as MinesResult} />}
      <ButtonLink
        variant="header"
        href={`/x-games/verify?bet=${bet.id}`}
        style={{ marginTop: 16, display: 'inline-flex' }}
      >
        {t('verify')}
      </ButtonLink>
    </Paper>
  );
}
