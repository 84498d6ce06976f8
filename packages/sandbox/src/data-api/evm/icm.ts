/** ICM (Teleporter) messages of an address, across the EVM chains of a network. */
import { NETWORK_VALUES, networkOfValue } from '@avalanche-graph/identity';
import type { SandboxService } from '../../http.js';
import type { World } from '../../world/index.js';
import type { IcmMessage } from '../../world/evm/index.js';
import { enumParam, notFound } from '../errors.js';
import { addressParam, pageSizeParam, paginate } from './params.js';
import { money } from './wire.js';


export function wireIcmMessage(world: World, m: IcmMessage): Record<string, unknown> {
  const token = world.evm.chain(m.sourceEvmChainId)!.erc20Token(m.reward.token)!;
  return {
    messageId: m.messageId,
    icmContractAddress: m.teleporterAddress,
    sourceBlockchainId: m.sourceBlockchainId,
    destinationBlockchainId: m.destinationBlockchainId,
    sourceEvmChainId: String(m.sourceEvmChainId),
    destinationEvmChainId: String(m.destinationEvmChainId),
    messageNonce: m.messageNonce.toString(),
    from: m.from,
    to: m.to,
    data: m.data,
    messageExecuted: m.messageExecuted,
    receipts: m.receipts.map((r) => ({ receivedMessageNonce: r.receivedMessageNonce.toString(), relayerRewardAddress: r.relayerRewardAddress })),
    receiptDelivered: m.receiptDelivered,
    rewardDetails: {
      address: token.address,
      name: token.name,
      symbol: token.symbol,
      decimals: token.decimals,
      logoUri: token.logoUri,
      ercType: 'ERC-20',
      price: money(token.priceUsd),
      value: m.reward.value.toString(),
    },
    sourceTransaction: { txHash: m.source.txHash, timestamp: m.source.timestamp, gasSpent: m.source.gasSpent.toString() },
    ...(m.destination
      ? {
          destinationTransaction: {
            txHash: m.destination.txHash,
            timestamp: m.destination.timestamp,
            gasSpent: m.destination.gasSpent.toString(),
            rewardRedeemer: m.destination.rewardRedeemer,
            delivererAddress: m.destination.delivererAddress,
          },
        }
      : {}),
    status: m.status,
  };
}

export function icmRoutes(service: SandboxService, world: World): void {
  service.route('GET', '/v1/icm/addresses/{address}/messages', ({ params, query }) => {
    const address = addressParam(params.address).toLowerCase();
    const networkParam = enumParam(query, 'network', NETWORK_VALUES);
    const network = networkOfValue(networkParam);
    const pageSize = pageSizeParam(query, { min: 1, max: 100, fallback: 10 });
    const messages = world.evm
      .icmMessages()
      .filter((m) => (m.from.toLowerCase() === address || m.to.toLowerCase() === address) && (!network || m.network === network))
      .slice()
      .reverse();
    const { page, nextPageToken } = paginate(messages, query, pageSize, ['icm', address, network]);
    return { ...(nextPageToken ? { nextPageToken } : {}), messages: page.map((m) => wireIcmMessage(world, m)) };
  });

  service.route('GET', '/v1/icm/messages/{messageId}', ({ params }) => {
    const message = world.evm.icmMessage(params.messageId!);
    if (!message) throw notFound(`ICM message ${params.messageId} not found`);
    return wireIcmMessage(world, message);
  });
}
