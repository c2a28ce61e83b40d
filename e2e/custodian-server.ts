/** The custodian's local counterpart (NOWPayments' API and a Solana RPC) for the e2e server. */
import { E2E_CUSTODIAN, E2E_CUSTODIAN_PORT } from '../playwright.config';
import { startNowPayments } from '../test/fixtures/nowpayments';

void startNowPayments({
  apiKey: E2E_CUSTODIAN.apiKey,
  ipnSecret: E2E_CUSTODIAN.ipnSecret,
  email: 'ops@e2e.test',
  password: 'e2e-payout-password',
  twoFactorSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  port: E2E_CUSTODIAN_PORT,
});
