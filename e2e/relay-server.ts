/** The local WalletConnect relay as a process of its own (a Playwright web server for every test). */
import { startRelay } from './walletconnect-relay';

void startRelay(Number(process.argv[2]));
