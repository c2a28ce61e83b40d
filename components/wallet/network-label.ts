'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { depositOptionsQuery } from '@/lib/api/queries/wallet';
import { networks, type Network } from '@/lib/schemas/networks';

/**
 * A network's name as players see it. A network served by a local test chain (the demo's) is
 * never called by its mainnet's name, so nobody sends real coins to a demo address.
 */
export function useNetworkLabel(): (network: Network) => string {
  const t = useTranslations('wallet');
  const options = useQuery(depositOptionsQuery());
  const test = new Set(options.data?.filter((o) => o.testChain).map((o) => o.network));
  return (network) =>
    test.has(network)
      ? t('testChain', { mainnet: networks[network].mainnet })
      : networks[network].label;
}
