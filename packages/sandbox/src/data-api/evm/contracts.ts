/**
 * Contracts of an EVM chain: what the contract at an address is (an ERC-20 token, an NFT collection,
 * or other code), the transaction that deployed it, and the contracts an address deployed. The
 * world's tokens, collections and system contracts exist from genesis (no deployment transaction);
 * contracts wallets deploy have one.
 */
import type { SandboxService } from '../../http.js';
import type { World } from '../../world/index.js';
import { CURRENCIES, TELEPORTER_ADDRESS, type EvmChainWorld, type EvmTransaction } from '../../world/evm/index.js';
import { enumParam, notFound } from '../errors.js';
import { addressParam, chainParam, pageSizeParam, paginate } from './params.js';
import { wireTransactionResponse } from './transactions.js';

const k = (s: string) => s.toLowerCase();

export function contractRoutes(service: SandboxService, world: World): void {
  service.route('GET', '/v1/chains/{chainId}/addresses/{address}', ({ params }) => {
    const address = addressParam(params.address);
    const chain = chainParam(world, params.chainId!);
    const contract = wireContract(chain, address);
    if (!contract) throw notFound(`No contract found at ${address} on chain ${chain.evmChainId}`);
    return contract;
  });

  service.route('GET', '/v1/chains/{chainId}/contracts/{address}/transactions:getDeployment', ({ params, query }) => {
    const address = addressParam(params.address);
    const currency = enumParam(query, 'currency', CURRENCIES) ?? 'usd';
    const chain = chainParam(world, params.chainId!);
    const tx = deployments(chain).get(k(address));
    if (!tx) throw notFound(`No deployment transaction found for ${address} on chain ${chain.evmChainId}`);
    return wireTransactionResponse(world, chain, tx, currency);
  });

  service.route('GET', '/v1/chains/{chainId}/contracts/{address}/deployments', ({ params, query }) => {
    const address = addressParam(params.address);
    const pageSize = pageSizeParam(query, { min: 1, max: 100, fallback: 10 });
    const chain = chainParam(world, params.chainId!);
    const created = deployedBy(chain, address);
    const { page, nextPageToken } = paginate(created, query, pageSize, ['deployments', chain.evmChainId, k(address)]);
    return { ...(nextPageToken ? { nextPageToken } : {}), contracts: page.map((tx) => wireContract(chain, tx.contractAddress!)) };
  });
}

const deploymentIndex = new WeakMap<EvmChainWorld, Map<string, EvmTransaction>>();

/** Deploying transactions by created contract (lowercase address). */
function deployments(chain: EvmChainWorld): Map<string, EvmTransaction> {
  let index = deploymentIndex.get(chain);
  if (!index) {
    index = new Map(chain.transactions.filter((tx) => tx.contractAddress && tx.status === 'success').map((tx) => [k(tx.contractAddress!), tx]));
    deploymentIndex.set(chain, index);
  }
  return index;
}

/** The contracts an address deployed, newest first (the order of its transaction list). */
export function deployedBy(chain: EvmChainWorld, address: string): EvmTransaction[] {
  return chain.addressTransactions(address).filter((tx) => tx.contractAddress && tx.status === 'success' && k(tx.from) === k(address));
}

/** The contract record of an address, by what is deployed there; undefined where there is no code. */
export function wireContract(chain: EvmChainWorld, address: string): Record<string, unknown> | undefined {
  const token = chain.erc20Token(address);
  if (token) {
    return { address: token.address, ercType: 'ERC-20', name: token.name, symbol: token.symbol, decimals: token.decimals, logoAsset: { imageUri: token.logoUri } };
  }
  const collection = chain.nftCollection(address);
  if (collection) return { address: collection.address, ercType: collection.standard, name: collection.name, symbol: collection.symbol };
  // A created contract counts even where the world's code map missed it (a sender with two
  // transactions in one block gets its code filed under a neighbouring nonce's address).
  const tx = deployments(chain).get(k(address));
  if (!tx && chain.code(address) === undefined) return undefined;
  return {
    address: tx?.contractAddress ?? address,
    ercType: 'UNKNOWN',
    ...(k(address) === k(TELEPORTER_ADDRESS) ? { name: 'TeleporterMessenger' } : {}),
    ...(tx ? { deploymentDetails: { txHash: tx.hash, deployerAddress: tx.from } } : {}),
  };
}
