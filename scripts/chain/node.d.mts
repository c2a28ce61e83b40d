import type {
  Abi,
  Address,
  Chain,
  Hex,
  LocalAccount,
  PublicClient,
  TestClient,
  WalletClient,
} from 'viem';

export declare const FUNDER: Address;
export declare const FUNDER_KEY: Hex;
export declare const SECOND: Address;
export declare const SECOND_KEY: Hex;
export declare const localChain: Chain;
export declare const funder: LocalAccount;
export declare const second: LocalAccount;
export declare const contracts: Record<
  'TestToken' | 'FakeTransfer' | 'Refuser',
  { abi: Abi; bytecode: Hex }
>;

export type LocalNode = {
  url: string;
  publicClient: PublicClient;
  wallet: WalletClient<import('viem').HttpTransport, Chain, LocalAccount>;
  test: TestClient<'ganache'>;
  deploy(name: keyof typeof contracts, args?: unknown[]): Promise<Address>;
  stop(): Promise<void>;
};

export declare function startNode(options?: { port?: number; quiet?: boolean }): Promise<LocalNode>;
