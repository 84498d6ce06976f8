/**
 * InterchainMessage: an ICM (Teleporter) message between two chains, linked to both chains, its
 * sender and recipient accounts and its source and destination transactions; the root and Account
 * lists of an address's messages.
 *
 * The Data API sends three variants (pending, delivered, delivered with the source not indexed) that
 * differ only in which of the two transactions is present. They are one type with a `status` and
 * nullable `sourceTransaction`/`destinationTransaction`: a union would make every client spread three
 * fragments over the same fifteen fields, and a variant the service adds later still reads (status
 * UNKNOWN) instead of failing type resolution.
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import { networkOfTestnet } from '@avalanche-graph/identity';
import { builder } from '../../builder.js';
import { badInput } from '../../errors.js';
import type { WireIcmMessage } from '../../upstream/data-api/types/icm.js';
import { Chain, findChain } from '../chain/chain.js';
import { connectionArgs, connectionType } from '../common/connection.js';
import { upstreamList } from '../common/upstream-list.js';
import { NetworkName, upstreamEnum } from '../common/enums.js';
import { dataApiNetwork, networkName } from '../common/network-names.js';
import { Account, upstreamAddress } from '../account/account.js';
import { TeleporterMessageInfo, Transaction } from '../transaction/transaction.js';
import { txKey } from '../transaction/keys.js';
import { Money } from '../common/money.js';
import type { IcmMessageFilters } from '../../upstream/data-api/interchain-messaging.js';
import { cb58Id, evmAddress, isEvmChainId } from '../common/validate.js';
import { serves } from '../common/operations.js';
import { typeGuard } from '../common/guards.js';
import { entity, keyString } from '../common/federation.js';
import { loadersOf } from '../loaders/index.js';
import { refLoad } from '../common/each-key.js';
import { icmMessagesById } from '../loaders/icm.js';

const MESSAGE_PAGE = { defaultSize: 10, maxSize: 100 };
/** Teleporter message ids are 32-byte hashes the Data API prints without 0x; both spellings are accepted. */
export function icmMessageId(argument: string, value: string): string {
  const body = value.replace(/^0x/i, '');
  if (!/^[0-9a-fA-F]{64}$/.test(body)) throw badInput(argument, `"${value.slice(0, 80)}" is not an ICM message id (64 hex digits)`);
  return body.toLowerCase();
}

/** Reads one message; null when the Data API does not know it. */
export const InterchainMessageStatus = upstreamEnum('InterchainMessageStatus', {
  description: 'Where an interchain message is on its way.',
  values: {
    pending: 'Sent on the source chain, not yet delivered.',
    delivered: 'Delivered on the destination chain.',
    delivered_source_not_indexed: 'Delivered; the Data API does not index the source chain, so the source transaction is unknown.',
  },
  unknown: 'A status this gateway does not know yet.',
});

/** A transaction leg with the chain it happened on. */
interface LegShape<T> {
  chainId: string;
  leg: T;
}

export const IcmSourceTransaction = builder.objectRef<LegShape<DataApiSchema<'IcmSourceTransaction'>>>('IcmSourceTransaction').implement({
  description: 'The transaction that sent a message, on the source chain.',
  fields: (t) => ({
    txHash: t.string({ description: 'Transaction hash.', resolve: (s) => s.leg.txHash }),
    timestamp: t.field({ type: 'Timestamp', description: 'Block time of the transaction, Unix seconds.', resolve: (s) => s.leg.timestamp }),
    gasSpent: t.field({ type: 'BigInt', description: 'Gas the transaction used.', resolve: (s) => s.leg.gasSpent }),
    chain: t.field({ type: Chain, nullable: true, description: 'The source chain; null when the Data API does not index it.', resolve: (s, _, ctx) => findChain(ctx, s.chainId) }),
    transaction: t.field({
      type: Transaction,
      nullable: true,
      description: 'The full transaction on the source chain (read by hash when a field beyond these is asked for).',
      resolve: (s) => txKey(s.chainId, s.leg.txHash),
    }),
  }),
});

export const IcmDestinationTransaction = builder.objectRef<LegShape<DataApiSchema<'IcmDestinationTransaction'>>>('IcmDestinationTransaction').implement({
  description: 'The transaction that delivered a message, on the destination chain.',
  fields: (t) => ({
    txHash: t.string({ description: 'Transaction hash.', resolve: (d) => d.leg.txHash }),
    timestamp: t.field({ type: 'Timestamp', description: 'Block time of the transaction, Unix seconds.', resolve: (d) => d.leg.timestamp }),
    gasSpent: t.field({ type: 'BigInt', description: 'Gas the transaction used.', resolve: (d) => d.leg.gasSpent }),
    rewardRedeemer: t.string({ description: 'Address the relayer named to redeem the delivery reward.', resolve: (d) => d.leg.rewardRedeemer }),
    delivererAddress: t.string({ description: 'Address of the relayer that sent the delivery transaction.', resolve: (d) => d.leg.delivererAddress }),
    deliverer: t.field({
      type: Account,
      description: 'The relayer that delivered the message, as an account on the destination chain.',
      resolve: (d) => ({ chainId: d.chainId, address: d.leg.delivererAddress }),
    }),
    chain: t.field({
      type: Chain,
      nullable: true,
      description: 'The destination chain; null when the Data API does not index it.',
      resolve: (d, _, ctx) => findChain(ctx, d.chainId),
    }),
    transaction: t.field({
      type: Transaction,
      nullable: true,
      description: 'The full transaction on the destination chain (read by hash when asked for).',
      resolve: (d) => txKey(d.chainId, d.leg.txHash),
    }),
  }),
});

export const IcmReceipt = builder.objectRef<DataApiSchema<'IcmReceipt'>>('IcmReceipt').implement({
  description: 'A delivery receipt a message carries back: it acknowledges an earlier message in the opposite direction so its relayer can redeem the reward.',
  fields: (t) => ({
    receivedMessageNonce: t.expose('receivedMessageNonce', { type: 'BigInt', description: 'Nonce of the acknowledged message.' }),
    relayerRewardAddress: t.exposeString('relayerRewardAddress', { description: 'Address that may redeem the acknowledged message\'s reward.' }),
  }),
});

export const IcmRewardDetails = builder.objectRef<DataApiSchema<'IcmRewardDetails'>>('IcmRewardDetails').implement({
  description: 'The fee a message offers to the relayer that delivers it, in an ERC-20 token of the source chain.',
  fields: (t) => ({
    address: t.exposeString('address', { description: 'The fee token\'s contract address on the source chain.' }),
    name: t.exposeString('name', { description: 'Token name.' }),
    symbol: t.exposeString('symbol', { description: 'Token symbol.' }),
    decimals: t.exposeInt('decimals', { description: 'Decimal places of the token.' }),
    logoUri: t.exposeString('logoUri', { nullable: true, description: 'Logo image URL.' }),
    ercType: t.exposeString('ercType', { description: 'Token standard, as the Data API names it ("ERC-20").' }),
    price: t.expose('price', { type: Money, nullable: true, description: 'Price of one whole token, when known.' }),
    value: t.expose('value', { type: 'BigInt', description: 'The fee, in the token\'s smallest unit.' }),
  }),
});

export const InterchainMessage = builder.loadableNodeRef<WireIcmMessage, string, string>('InterchainMessage', {
  id: { resolve: (m) => m.messageId },
  // An id that names no message loads as null (`node(id)` and `_entities` answer null); a failed call fails only its own slot.
  load: refLoad(icmMessagesById),
});

// Federation: a message by its Teleporter id, through the message loader (as `node(id:)` reads it).
entity(InterchainMessage, {
  keys: ['messageId'],
  read: (rep, at) => icmMessageId(`${at}.messageId`, keyString(rep, 'messageId', at)),
  resolve: (messageId, ctx) => InterchainMessage.getDataloader(ctx).load(messageId),
});

InterchainMessage.implement({
  // `node(id:)` and `_entities` load a message with `GET /v1/icm/messages/{messageId}`.
  extensions: {
    ...typeGuard({ checkId: (key) => (/^[0-9a-f]{64}$/.test(key) ? null : 'not 64 lowercase hex digits') }),
    ...serves('data:getIcmMessage'),
  },
  description: 'An interchain (ICM/Teleporter) message from a contract call on one chain to a contract on another.',
  fields: (t) => ({
    messageId: t.exposeString('messageId', { description: 'Teleporter message id (64 hex digits, no 0x).' }),
    status: t.field({
      type: InterchainMessageStatus,
      description: 'Where the message is on its way.',
      resolve: (m) => InterchainMessageStatus.from(m.status),
    }),
    icmContractAddress: t.exposeString('icmContractAddress', { description: 'The Teleporter messenger contract that sent it.' }),
    sourceBlockchainId: t.exposeString('sourceBlockchainId', { description: 'Blockchain id (cb58) of the source chain.' }),
    destinationBlockchainId: t.exposeString('destinationBlockchainId', { description: 'Blockchain id (cb58) of the destination chain.' }),
    sourceEvmChainId: t.exposeString('sourceEvmChainId', { description: 'EVM chain id of the source chain.' }),
    destinationEvmChainId: t.exposeString('destinationEvmChainId', { description: 'EVM chain id of the destination chain.' }),
    sourceChain: t.field({
      type: Chain,
      nullable: true,
      description: 'The source chain; null when the Data API does not index it.',
      resolve: async (m, _, ctx) => (await findChain(ctx, m.sourceEvmChainId)) ?? findChain(ctx, m.sourceBlockchainId),
    }),
    destinationChain: t.field({
      type: Chain,
      nullable: true,
      description: 'The destination chain; null when the Data API does not index it.',
      resolve: async (m, _, ctx) => (await findChain(ctx, m.destinationEvmChainId)) ?? findChain(ctx, m.destinationBlockchainId),
    }),
    messageNonce: t.expose('messageNonce', { type: 'BigInt', description: 'The message\'s nonce on the source chain\'s messenger.' }),
    from: t.field({
      type: Account,
      description: 'The sender, as an account on the source chain.',
      resolve: (m) => ({ chainId: m.sourceEvmChainId, address: m.from }),
    }),
    to: t.field({
      type: Account,
      description: 'The recipient contract, as an account on the destination chain.',
      resolve: (m) => ({ chainId: m.destinationEvmChainId, address: m.to }),
    }),
    data: t.exposeString('data', { nullable: true, description: 'The message payload (hex).' }),
    messageExecuted: t.exposeBoolean('messageExecuted', { description: 'True when the recipient executed the message successfully.' }),
    receipts: t.field({ type: [IcmReceipt], description: 'Receipts of earlier messages this message carries back.', resolve: (m) => m.receipts ?? [] }),
    receiptDelivered: t.exposeBoolean('receiptDelivered', { description: 'True when this message\'s own receipt has reached the source chain.' }),
    rewardDetails: t.expose('rewardDetails', { type: IcmRewardDetails, description: 'The relayer fee the message offers.' }),
    sourceTransaction: t.field({
      type: IcmSourceTransaction,
      nullable: true,
      description: 'The sending transaction; null when the Data API does not index the source chain.',
      resolve: (m) => (m.sourceTransaction ? { chainId: m.sourceEvmChainId, leg: m.sourceTransaction } : null),
    }),
    destinationTransaction: t.field({
      type: IcmDestinationTransaction,
      nullable: true,
      description: 'The delivering transaction; null while the message is pending.',
      resolve: (m) => (m.destinationTransaction ? { chainId: m.destinationEvmChainId, leg: m.destinationTransaction } : null),
    }),
  }),
});

const InterchainMessageConnection = connectionType('InterchainMessage', InterchainMessage, 'A page of interchain messages, newest first.');

/** The list filters of `Query.icmMessages` beside `address` and `network`. */
const LIST_FILTERS = ['sourceBlockchainId', 'destinationBlockchainId', 'blockchainId', 'from', 'to'] as const;

interface IcmMessagesArgs {
  address?: string | null;
  sourceBlockchainId?: string | null;
  destinationBlockchainId?: string | null;
  blockchainId?: string | null;
  from?: string | null;
  to?: string | null;
}

/** A source or destination chain filter: a cb58 blockchain id or an EVM chain id, as the Data API takes either. */
function chainFilter(argument: string, value: string): string {
  return isEvmChainId(value) ? value : cb58Id(argument, value);
}

/**
 * Checks the list's arguments (before any call) and says which upstream list serves them: an
 * address alone (with `network`) reads the address's messages; anything else the filtered list of
 * all messages. The address list takes no other filter, so mixing them is refused, not half-applied.
 */
function icmListQuery(args: IcmMessagesArgs): { address: string } | { filters: IcmMessageFilters } {
  if (args.address != null) {
    const address = upstreamAddress(evmAddress('address', args.address));
    const mixed = LIST_FILTERS.filter((name) => args[name] != null);
    if (mixed.length > 0) {
      throw badInput('address', `lists one address's messages and takes only \`network\` beside it, not ${mixed.join(', ')}; use \`from\` or \`to\` to combine an address with chain filters`);
    }
    return { address };
  }
  const filters: IcmMessageFilters = {};
  if (args.sourceBlockchainId != null) filters.sourceBlockchainId = chainFilter('sourceBlockchainId', args.sourceBlockchainId);
  if (args.destinationBlockchainId != null) filters.destinationBlockchainId = chainFilter('destinationBlockchainId', args.destinationBlockchainId);
  if (args.blockchainId != null) filters.blockchainId = cb58Id('blockchainId', args.blockchainId);
  if (args.from != null) filters.from = upstreamAddress(evmAddress('from', args.from));
  if (args.to != null) filters.to = upstreamAddress(evmAddress('to', args.to));
  return { filters };
}

builder.queryFields((t) => ({
  icmMessages: t.checkedField({
    type: InterchainMessageConnection,
    nullable: true,
    description:
      'Interchain messages, newest first. With `address`: the messages that address sent or received on any chain (`GET /v1/icm/addresses/{address}/messages`). Without it: every message, narrowed by the chain, sender and recipient filters given (`GET /v1/icm/messages`). `network` applies to both. Null, with an error, when the Data API fails.',
    args: {
      address: t.arg.string({
        required: false,
        description: 'A 0x EVM address: its messages as sender or recipient. Takes only `network` beside it; leave it out to use the other filters.',
      }),
      network: t.arg({ type: NetworkName, required: false, description: 'Only messages of this network; all networks when omitted.' }),
      sourceBlockchainId: t.arg.string({
        required: false,
        description: 'Only messages sent from this chain: its blockchain id (cb58) or EVM chain id ("43114"). Not with `address`.',
      }),
      destinationBlockchainId: t.arg.string({
        required: false,
        description: 'Only messages sent to this chain: its blockchain id (cb58) or EVM chain id. Not with `address`.',
      }),
      blockchainId: t.arg.string({
        required: false,
        description: 'Only messages from or to this chain, by blockchain id (cb58). Not with `address`.',
      }),
      from: t.arg.string({ required: false, description: 'Only messages sent by this 0x EVM address. Not with `address`.' }),
      to: t.arg.string({ required: false, description: 'Only messages to this 0x EVM address (the recipient contract). Not with `address`.' }),
      ...connectionArgs(t, MESSAGE_PAGE),
    },
    extensions: serves('data:listIcmMessagesByAddress', 'data:listIcmMessages'),
    check: icmListQuery,
    resolve: (_, query, args, ctx) => {
      const network = args.network ? dataApiNetwork(args.network) : undefined;
      if ('address' in query) {
        return upstreamList(args, {
          name: 'icmByAddress',
          page: MESSAGE_PAGE,
          path: [query.address],
          query: { network },
          read: (address, query) => ctx.upstreams.dataApi.interchainMessaging.listIcmMessagesByAddress(address, query),
          items: (page) => page.messages,
        });
      }
      return upstreamList(args, {
        name: 'icm',
        page: MESSAGE_PAGE,
        path: [],
        query: { ...query.filters, network } satisfies IcmMessageFilters,
        read: (query) => ctx.upstreams.dataApi.interchainMessaging.listIcmMessages(query),
        items: (page) => page.messages,
      });
    },
  }),
  icmMessage: t.checkedField({
    type: InterchainMessage,
    nullable: true,
    description: 'One interchain message by id (`GET /v1/icm/messages/{messageId}`); null when unknown.',
    args: { messageId: t.arg.string({ required: true, description: 'Teleporter message id (64 hex digits, with or without 0x).' }) },
    extensions: serves('data:getIcmMessage'),
    check: (args) => icmMessageId('messageId', args.messageId),
    resolve: (_, messageId, _args, ctx) => InterchainMessage.getDataloader(ctx).load(messageId),
  }),
}));

builder.objectFields(Account, (t) => ({
  icmMessages: t.field({
    type: InterchainMessageConnection,
    nullable: true,
    description:
      'Interchain messages this address sent from this chain or received on it, newest first. Reads the address\'s messages on the chain\'s network and keeps those whose source (as sender) or destination (as recipient) is this chain.',
    args: connectionArgs(t, MESSAGE_PAGE),
    extensions: serves('data:listIcmMessagesByAddress', 'data:supportedChains'),
    resolve: async (account, args, ctx) => {
      const chain = await loadersOf(ctx).chainById.load(account.chainId);
      const network = chain ? dataApiNetwork(networkName(networkOfTestnet(chain.isTestnet))) : undefined;
      const address = account.address.toLowerCase();
      const here = (m: WireIcmMessage) =>
        (m.sourceEvmChainId === account.chainId && m.from.toLowerCase() === address) ||
        (m.destinationEvmChainId === account.chainId && m.to.toLowerCase() === address);
      return upstreamList(args, {
        name: 'icmOfAccount',
        page: MESSAGE_PAGE,
        path: [upstreamAddress(account.address)],
        query: { network },
        read: (address, query) => ctx.upstreams.dataApi.interchainMessaging.listIcmMessagesByAddress(address, query),
        items: (page) => page.messages.filter(here),
        itemFilter: { chainId: account.chainId },
      });
    },
  }),
}));

builder.objectFields(TeleporterMessageInfo, (t) => ({
  message: t.field({
    type: InterchainMessage,
    nullable: true,
    description: 'The interchain message itself (`GET /v1/icm/messages/{messageId}`); null when the Data API does not know it.',
    extensions: serves('data:getIcmMessage'),
    resolve: (info, _, ctx) => InterchainMessage.getDataloader(ctx).load(info.teleporterMessageId.replace(/^0x/i, '').toLowerCase()),
  }),
}));
