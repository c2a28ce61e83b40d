import 'server-only';
import { authRoutes } from '@/lib/server/auth/routes';
import { securityRoutes } from '@/lib/server/auth/security-routes';
import { configRoutes } from '@/lib/server/config/routes';
import { gamesRoutes } from '@/lib/server/games/routes';
import type { Route } from '@/lib/server/http/route';
import { kycRoutes } from '@/lib/server/kyc/routes';
import { reportRoutes } from '@/lib/server/reports/routes';
import { logRoutes } from '@/lib/server/logs/routes';
import { notificationRoutes } from '@/lib/server/notifications/routes';
import { playerOfficeRoutes } from '@/lib/server/operator/player-routes';
import { operatorRoutes } from '@/lib/server/operator/routes';
import { originalsRoutes } from '@/lib/server/originals/routes';
import { profileRoutes } from '@/lib/server/players/profile-routes';
import { playerRoutes } from '@/lib/server/players/routes';
import { protectionRoutes } from '@/lib/server/protection/routes';
import { riskRoutes } from '@/lib/server/risk/routes';
import { sportsbookRoutes } from '@/lib/server/sportsbook/routes';
import { staffRoutes } from '@/lib/server/staff/routes';
import { supportRoutes } from '@/lib/server/support/routes';
import { walletRoutes } from '@/lib/server/wallet/routes';

type Group = { [name: string]: Route | Group };

const isRoute = (entry: Route | Group): entry is Route => typeof entry.path === 'string';
const flatten = (group: Group): Route[] =>
  Object.values(group).flatMap((entry) => (isRoute(entry) ? [entry] : flatten(entry)));

/**
 * Every published route, as its domain declares it (the same objects the route handlers run from).
 * A new domain adds its group here; the coverage test fails until it does.
 */
export const publishedRoutes: Route[] = [
  configRoutes,
  logRoutes,
  authRoutes,
  playerRoutes,
  profileRoutes,
  securityRoutes,
  protectionRoutes,
  kycRoutes,
  walletRoutes,
  gamesRoutes,
  originalsRoutes,
  notificationRoutes,
  supportRoutes,
  operatorRoutes,
  playerOfficeRoutes,
  staffRoutes,
  riskRoutes,
  reportRoutes,
  sportsbookRoutes,
].flatMap(flatten);

/** The tags operations use, in the order the document lists them. */
export const routeTags = [
  { name: 'system', description: 'Health and error reports' },
  { name: 'config', description: 'What the site reads to draw itself: languages, currencies' },
  { name: 'auth', description: 'Sign-in, sign-up, password reset and two-factor authentication' },
  { name: 'player', description: "The signed-in player's own data and linked sign-in methods" },
  { name: 'security', description: "The player's sessions, sign-in history and password" },
  {
    name: 'protection',
    description:
      'Player protection: limits, reality check, time-out, self-exclusion, closure, data export',
  },
  {
    name: 'verification',
    description: 'Verification (KYC) levels 1–3, documents and the withdrawal caps they set',
  },
  { name: 'wallet', description: "The player's balances" },
  { name: 'games', description: 'The game catalog, favourites, recently played and game launch' },
  {
    name: 'originals',
    description:
      'In-house originals (Dice, Limbo, Plinko): bets, the provably fair seed pair, public bets and the live feed',
  },
  {
    name: 'notifications',
    description: "The player's notifications: the drawer's tabs, unread counts, popups, read marks",
  },
  {
    name: 'support',
    description: "Live support: the player's conversation, its images and read marks",
  },
  {
    name: 'operator',
    description:
      'Running the casino: OPERATOR_TOKEN as a bearer key (404 while unset) or a back-office staff session cookie; audited. Every amount, asked or answered, is a decimal string in its currency ("0.015" BTC, "2000.00" USD), never integer base units or a JSON number',
  },
  {
    name: 'sportsbook',
    description: "The sportsbook's events, markets and our prices (odds × 10⁴)",
  },
];
