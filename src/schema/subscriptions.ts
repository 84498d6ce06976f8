/**
 * Subscription: live updates over Server-Sent Events (GraphQL over SSE) or WebSocket (graphql-ws,
 * src/http/websocket.ts). Each root field opens a stream on the caller's live session (src/live/): one
 * upstream poller per subject and API key, however many clients subscribe. Arguments are checked by
 * the operation guard before anything starts.
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import { builder } from '../builder.js';
import type { Context } from '../context.js';
import { subscriptionLimitError } from '../errors.js';
import { PRIMARY_NETWORK_SUBNET_ID } from '@avalanche-graph/identity';
import { SubscriptionLimitError, type LiveItem, type ValidatorSetChange } from '../live/index.js';
import { NetworkName } from './common/enums.js';
import { DEFAULT_NETWORK_NAME, networkKey, networkName } from './common/network-names.js';
import { Block } from './block/block.js';
import { fieldGuard } from './common/guards.js';
import { icmMessageId, InterchainMessage } from './message/icm.js';
import { Validator } from './validator/validator.js';
import { type ValidatorShape } from './validator/keys.js';
import { PValidator } from '../upstream/node-rpc/staking.js';
import { cb58Id, evmChainId } from './common/validate.js';
import type { WireIcmMessage } from '../upstream/data-api/types/icm.js';

builder.subscriptionType({
  description:
    'Live updates, over Server-Sent Events (POST the operation with `accept: text/event-stream`) or over WebSocket (the graphql-ws protocol, `graphql-transport-ws`, on the same path). Each event is resolved like a query; the gateway polls its upstreams once per subject for all subscribers (SUBSCRIPTION_POLL_MS).',
});

/** Opens a stream, turning a client's limit into a typed error. */
function open<T>(start: () => AsyncIterableIterator<LiveItem<T>>): AsyncIterableIterator<LiveItem<T>> {
  try {
    return start();
  } catch (error) {
    throw error instanceof SubscriptionLimitError ? subscriptionLimitError(error) : error;
  }
}

/** An event's value; the error that ended the stream is the last event's error. */
function unwrap<T>(item: LiveItem<T>): T {
  if ('error' in item) throw item.error;
  return item.value;
}

interface ValidatorSetChangeShape {
  network: ValidatorSetChange['network'];
  subnetId: string;
  change: ValidatorSetChange;
}

const shapes = (c: ValidatorSetChangeShape, list: ValidatorSetChange['validators']): ValidatorShape[] =>
  list.map((wire) => ({ network: c.network, subnetId: c.subnetId, node: new PValidator(wire) }));

export const ValidatorSetChangeRef = builder.objectRef<ValidatorSetChangeShape>('ValidatorSetChange').implement({
  description: 'A change of the current validator set of the primary network or of an L1, as the P-Chain reports it.',
  fields: (t) => ({
    network: t.field({ type: NetworkName, description: 'The network.', resolve: (c) => networkName(c.network) }),
    subnetId: t.exposeString('subnetId', { description: 'The subnet (L1) whose set changed (cb58); the primary network is 11111111111111111111111111111111LpoYY.' }),
    validators: t.field({
      type: [Validator],
      description: 'The whole current set after the change.',
      extensions: fieldGuard({ upstreamCostPerItem: 0, listSize: () => 2000 }),
      resolve: (c) => shapes(c, c.change.validators),
    }),
    added: t.field({
      type: [Validator],
      description: 'Validators that joined the set.',
      extensions: fieldGuard({ upstreamCostPerItem: 0 }),
      resolve: (c) => shapes(c, c.change.added),
    }),
    removed: t.field({
      type: [Validator],
      description: 'Validators that left the set, as they were last seen.',
      extensions: fieldGuard({ upstreamCostPerItem: 0 }),
      resolve: (c) => shapes(c, c.change.removed),
    }),
    reweighted: t.field({
      type: [Validator],
      description: 'Validators still in the set whose weight changed (new weight).',
      extensions: fieldGuard({ upstreamCostPerItem: 0 }),
      resolve: (c) => shapes(c, c.change.reweighted),
    }),
  }),
});

builder.subscriptionFields((t) => ({
  blockAdded: t.checkedField({
    type: Block,
    description:
      'Each new block of an EVM chain, in order and once, from the moment of subscribing (the Data API\'s latest blocks, polled). Ends with a `NOT_FOUND` error when the Data API does not know the chain.',
    args: { chainId: t.arg.string({ required: true, description: 'EVM chain id, a decimal string (e.g. "43114").' }) },
    // The event is the block: nothing to load (its own fields may read more).
    extensions: fieldGuard({ upstreamCostPerItem: 0 }),
    check: (args) => evmChainId('chainId', args.chainId),
    subscribe: (_root, chainId, _args, ctx: Context) => open(() => ctx.live.blocks(chainId)),
    resolve: (item: LiveItem<DataApiSchema<'EvmBlock'>>) => unwrap(item),
  }),
  icmMessageStatus: t.checkedField({
    type: InterchainMessage,
    description:
      'An interchain message: first as it is now, then each time its status changes; completes once it is delivered. A message the Data API does not know yet (not indexed) is waited for.',
    args: { messageId: t.arg.string({ required: true, description: 'Teleporter message id (64 hex digits, with or without 0x).' }) },
    extensions: fieldGuard({ upstreamCostPerItem: 0 }),
    check: (args) => icmMessageId('messageId', args.messageId),
    subscribe: (_root, messageId, _args, ctx: Context) => open(() => ctx.live.icmMessage(messageId)),
    resolve: (item: LiveItem<WireIcmMessage>) => unwrap(item),
  }),
  validatorSetChanged: t.checkedField({
    type: ValidatorSetChangeRef,
    description:
      'Each change of the P-Chain\'s current validator set of a subnet (`platform.getCurrentValidators`, polled): validators that joined, left or changed weight, and the whole new set. Starts from the set at the moment of subscribing.',
    args: {
      network: t.arg({ type: NetworkName, required: true, defaultValue: DEFAULT_NETWORK_NAME, description: 'The network.' }),
      subnetId: t.arg.string({ required: false, description: 'Subnet (L1) id (cb58); the primary network when omitted.' }),
    },
    // The primary network's subnet is the set the P-Chain names by no subnet.
    check: (args) => (args.subnetId != null && args.subnetId !== PRIMARY_NETWORK_SUBNET_ID ? cb58Id('subnetId', args.subnetId) : undefined),
    subscribe: (_root, subnetId, args, ctx: Context) => open(() => ctx.live.validatorSet(networkKey(args.network), subnetId)),
    resolve: (item: LiveItem<ValidatorSetChange>): ValidatorSetChangeShape => {
      const change = unwrap(item);
      return { network: change.network, subnetId: change.subnetId ?? PRIMARY_NETWORK_SUBNET_ID, change };
    },
  }),
}));
