/** One EVM transaction with everything the indexer decoded from it. */
import type { SandboxService } from '../../http.js';
import type { World } from '../../world/index.js';
import type { EvmChainWorld, EvmTransaction } from '../../world/evm/index.js';
import { notFound } from '../errors.js';
import { chainParam, txHashParam } from './params.js';
import { type CurrencyCode, money, nativePriceUsd, wireFullNativeTransaction, wireTransferDetails } from './wire.js';

export function transactionRoutes(service: SandboxService, world: World): void {
  service.route('GET', '/v1/chains/{chainId}/transactions/{txHash}', ({ params }) => {
    const txHash = txHashParam(params.txHash!);
    const chain = chainParam(world, params.chainId!);
    const tx = chain.transaction(txHash);
    if (!tx) throw notFound(`Transaction ${params.txHash} not found on chain ${chain.evmChainId}`);
    return wireTransactionResponse(world, chain, tx);
  });
}

/** The single-transaction answer (also the deployment-transaction answer), prices in `currency`. */
export function wireTransactionResponse(world: World, chain: EvmChainWorld, tx: EvmTransaction, currency: CurrencyCode = 'usd'): Record<string, unknown> {
  const price = money(nativePriceUsd(chain), currency);
  let teleporterMessageInfo: Record<string, unknown> | undefined;
  if (tx.icm) {
    const message = world.evm.icmMessage(tx.icm.messageId)!;
    teleporterMessageInfo = {
      teleporterMessageId: message.messageId,
      direction: tx.icm.direction,
      ...(tx.icm.direction === 'SOURCE_TRANSACTION'
        ? { destinationChainId: String(message.destinationEvmChainId) }
        : { sourceChainId: String(message.sourceEvmChainId) }),
    };
  }
  return {
    ...wireTransferDetails(chain, tx),
    networkTokenDetails: { networkToken: chain.chain.info.networkToken, currentPrice: price, historicalPrice: price },
    nativeTransaction: wireFullNativeTransaction(chain, tx),
    ...(teleporterMessageInfo ? { teleporterMessageInfo } : {}),
  };
}
