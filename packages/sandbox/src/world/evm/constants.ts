/**
 * Fixed facts of the simulated EVM chains: the world's clock, well-known contract addresses, method
 * selectors and event topics (computed from their signatures, as wallets and indexers do).
 */
import { keccakHex } from '@avalanche-graph/identity';

/** The world's "now": every chain's latest block is a few seconds before it. */
export const WORLD_NOW_MS = Date.UTC(2026, 2, 2, 12, 0, 0);

/** The Teleporter messenger v1 address, identical on every chain (deployed with Nick's method). */
export const TELEPORTER_ADDRESS = '0x253b2784c75e510dD0fF1da844684a1aC0aa5fcf';

export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';
/** Where Avalanche EVM chains send fees: the block's coinbase. */
export const BLACKHOLE_ADDRESS = '0x0100000000000000000000000000000000000000';
/** Root of an empty trie (transactions or receipts of an empty block). */
export const EMPTY_TRIE_ROOT = '0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421';

/** Avalanche network ids used in warp messages. */

export const GWEI = 1_000_000_000n;
export const WEI_PER_TOKEN = 10n ** 18n;

function selector(signature: string): string {
  return keccakHex(signature).slice(0, 10);
}

/** The contract methods the world's transactions call, by role. */
export const METHODS = {
  erc20Transfer: 'transfer(address,uint256)',
  erc20Approve: 'approve(address,uint256)',
  erc721Mint: 'mint(address,uint256)',
  erc721Transfer: 'safeTransferFrom(address,address,uint256)',
  erc1155Mint: 'mint(address,uint256,uint256,bytes)',
  erc1155Transfer: 'safeTransferFrom(address,address,uint256,uint256,bytes)',
  swap: 'swapExactNativeForTokens(uint256,address[],address,uint256)',
  icmSend: 'sendCrossChainMessage((bytes32,address,(address,uint256),uint256,address[],bytes))',
  icmReceive: 'receiveCrossChainMessage(uint32,address)',
} as const;

export type MethodRole = keyof typeof METHODS;

export const SELECTORS: Record<MethodRole, string> = Object.fromEntries(
  Object.entries(METHODS).map(([role, signature]) => [role, selector(signature)]),
) as Record<MethodRole, string>;

/** Event topics (topic 0). */
export const TOPICS = {
  transfer: keccakHex('Transfer(address,address,uint256)'),
  approval: keccakHex('Approval(address,address,uint256)'),
  transferSingle: keccakHex('TransferSingle(address,address,address,uint256,uint256)'),
  swap: keccakHex('Swap(address,uint256,uint256,address)'),
  icmSend: keccakHex(
    'SendCrossChainMessage(bytes32,bytes32,(uint256,address,bytes32,address,uint256,address[],(uint256,address)[],bytes),(address,uint256))',
  ),
  icmReceive: keccakHex(
    'ReceiveCrossChainMessage(bytes32,bytes32,address,address,(uint256,address,bytes32,address,uint256,address[],(uint256,address)[],bytes))',
  ),
} as const;

/** USD price of one native token per symbol, and exchange rates for `currency` parameters. */
export const NATIVE_PRICE_USD: Record<string, number> = { AVAX: 24.37, ARC: 0.412, LDG: 1.02, ECH: 0 };

export const CURRENCIES = [
  'usd', 'eur', 'aud', 'cad', 'chf', 'clp', 'cny', 'czk', 'dkk', 'gbp', 'hkd', 'huf', 'jpy', 'nzd',
] as const;

/** Units of each currency per USD (fixed: the world has one moment in time). */
export const USD_RATES: Record<string, number> = {
  usd: 1, eur: 0.92, aud: 1.53, cad: 1.36, chf: 0.88, clp: 940, cny: 7.2, czk: 23.1, dkk: 6.86,
  gbp: 0.79, hkd: 7.8, huf: 362, jpy: 151, nzd: 1.66,
};
