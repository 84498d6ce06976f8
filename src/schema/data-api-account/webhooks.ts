/**
 * Webhooks of the caller's Data API key: the list, one webhook (a global-id node), the addresses an
 * EVM address-activity webhook watches, and the webhooks' shared secret. The writes are in
 * ./webhook-mutations.ts.
 */
import { builder } from '../../builder.js';
import { badInput } from '../../errors.js';
import type {
  WireEvmAddressActivityWebhook,
  WirePrimaryNetworkAddressActivityWebhook,
  WireValidatorActivityWebhook,
  WireWebhook,
  WireWebhookStatus,
} from '../../upstream/data-api/types/account.js';
import { Chain } from '../chain/chain.js';
import { upstreamEnum } from '../common/enums.js';
import { connectionArgs, connectionType } from '../common/connection.js';
import { upstreamList } from '../common/upstream-list.js';
import { fieldGuard, typeGuard } from '../common/guards.js';
import { serves } from '../common/operations.js';
import { DataApiAccount, seconds } from './account.js';
import { accountOf, serviceId } from './keys.js';
import { refLoad } from '../common/each-key.js';
import { webhooksById } from '../loaders/account.js';

export const WEBHOOK_PAGE = { defaultSize: 10, maxSize: 100 };
export const WEBHOOK_ADDRESS_PAGE = { defaultSize: 10, maxSize: 100 };

export const WebhookStatus = upstreamEnum('WebhookStatus', {
  description: 'Whether the Data API delivers a webhook\'s events.',
  values: {
    active: 'Events are delivered.',
    inactive: 'Deactivated: no events are delivered.',
  },
  unknown: 'A status this gateway does not know yet (not accepted as input).',
});

/** A webhook status argument; UNKNOWN exists for output only. */
export function webhookStatusArg(argument: string, value: WireWebhookStatus | 'UNKNOWN' | null | undefined): WireWebhookStatus | undefined {
  if (value == null) return undefined;
  if (value === 'UNKNOWN') throw badInput(argument, 'UNKNOWN is not a status to set or filter by; use ACTIVE or INACTIVE');
  return value;
}

export const WebhookEventType = upstreamEnum('WebhookEventType', {
  description: 'What a webhook watches.',
  values: {
    address_activity: 'Transactions, transfers and logs of EVM addresses on one chain.',
    primary_network_address_activity: 'Balance changes, balance thresholds and rewards of primary-network (P/X/C) addresses.',
    validator_activity: 'Stake, delegation, reward and L1 validator events of a node or a subnet.',
  },
  unknown: 'A kind of webhook this gateway does not know yet.',
});

export const PrimaryNetworkAddressActivitySubEvent = upstreamEnum('PrimaryNetworkAddressActivitySubEvent', {
  description: 'An event of primary-network addresses a webhook can deliver.',
  values: {
    balance_change: 'A watched address\'s balance changed.',
    balance_threshold: 'A watched address\'s balance of a kind crossed the threshold.',
    reward_distribution: 'A staking reward was paid to a watched address.',
  },
});

export const ValidatorActivitySubEvent = upstreamEnum('ValidatorActivitySubEvent', {
  description: 'An event of validators a webhook can deliver.',
  values: {
    validator_stake: 'A validator staked.',
    delegator_stake: 'Stake was delegated to the validator.',
    reward_distribution: 'A staking reward was paid.',
    l1_validator_balance_increased: 'An L1 validator\'s fee balance was topped up.',
    l1_validator_disabled: 'An L1 validator was disabled (its fee balance ran out).',
    l1_validator_removed: 'An L1 validator was removed from its L1.',
    l1_validator_balance_threshold: 'An L1 validator\'s fee balance fell below the threshold.',
  },
});

export const PrimaryNetworkBalanceType = upstreamEnum('PrimaryNetworkBalanceType', {
  description: 'A kind of primary-network balance a threshold watches.',
  values: {
    unlockedUnstaked: 'P-Chain: spendable, not staked.',
    unlockedStaked: 'P-Chain: staked, unlocked once the staking period ends.',
    lockedPlatform: 'P-Chain: locked until a time, not stakeable.',
    lockedStakeable: 'P-Chain: locked until a time, stakeable.',
    lockedStaked: 'P-Chain: locked and staked.',
    pendingStaked: 'P-Chain: staked in a period that has not started.',
    unlocked: 'X-Chain: spendable.',
    locked: 'X-Chain: locked until a time.',
    atomicMemoryUnlocked: 'Exported to another chain, not yet imported; spendable there.',
    atomicMemoryLocked: 'Exported to another chain, not yet imported; locked.',
  },
  unknown: 'A kind this gateway does not know yet (not accepted as input).',
});

export const ValidatorActivityKeyType = upstreamEnum('ValidatorActivityKeyType', {
  description: 'What a validator-activity webhook is keyed by.',
  values: {
    nodeId: 'One validator, by node id.',
    subnetId: 'The validators of one subnet (L1).',
  },
  unknown: 'A key type this gateway does not know yet.',
});

const EvmAddressActivity = builder.objectRef<WireEvmAddressActivityWebhook>('EvmAddressActivity').implement({
  description: 'What an address-activity webhook watches: EVM addresses on one chain.',
  fields: (t) => ({
    chain: t.expose('chainId', { type: Chain, nullable: true, description: 'The chain watched; null when the Data API lists no such chain.' }),
    addresses: t.stringList({
      description: 'The watched addresses, as the webhook record lists them (page through long lists with `Webhook.addresses`).',
      resolve: (w) => w.metadata?.addresses ?? [],
    }),
    eventSignatures: t.stringList({
      description: 'Only logs with these event signatures (topic 0) are delivered; empty: all.',
      resolve: (w) => w.metadata?.eventSignatures ?? [],
    }),
    includeInternalTxs: t.exposeBoolean('includeInternalTxs', { nullable: true, description: 'Whether deliveries include internal transactions (traces; C-Chain only).' }),
    includeLogs: t.exposeBoolean('includeLogs', { nullable: true, description: 'Whether deliveries include the transactions\' logs.' }),
  }),
});

const BalanceThreshold = builder
  .objectRef<{ balanceType: string; balanceThreshold: string }>('PrimaryNetworkBalanceThreshold')
  .implement({
    description: 'A balance threshold a primary-network webhook watches.',
    fields: (t) => ({
      balanceType: t.field({
        type: PrimaryNetworkBalanceType,
        description: 'The kind of balance compared.',
        resolve: (b) => PrimaryNetworkBalanceType.from(b.balanceType),
      }),
      threshold: t.expose('balanceThreshold', { type: 'BigInt', description: 'The threshold, in nAVAX.' }),
    }),
  });

const PrimaryNetworkAddressActivity = builder
  .objectRef<WirePrimaryNetworkAddressActivityWebhook>('PrimaryNetworkAddressActivity')
  .implement({
    description: 'What a primary-network address-activity webhook watches: bech32 addresses of the P-, X- or C-Chain.',
    fields: (t) => ({
      addresses: t.stringList({ description: 'The watched addresses (bech32).', resolve: (w) => w.metadata?.keys ?? [] }),
      addressActivitySubEvents: t.field({
        type: [PrimaryNetworkAddressActivitySubEvent],
        description: 'The events delivered (values this gateway does not know are left out).',
        resolve: (w) => PrimaryNetworkAddressActivitySubEvent.list(w.metadata?.subEvents?.addressActivitySubEvents),
      }),
      balanceThreshold: t.field({
        type: BalanceThreshold,
        nullable: true,
        description: 'The threshold of BALANCE_THRESHOLD events.',
        resolve: (w) => w.metadata?.balanceThresholdFilter ?? null,
      }),
      eventSignatures: t.stringList({ description: 'Event signatures filtered on; empty: all.', resolve: (w) => w.metadata?.eventSignatures ?? [] }),
    }),
  });

const ValidatorActivity = builder.objectRef<WireValidatorActivityWebhook>('ValidatorActivity').implement({
  description: 'What a validator-activity webhook watches: one node or one subnet\'s validators.',
  fields: (t) => ({
    keyType: t.field({
      type: ValidatorActivityKeyType,
      description: 'Whether `keys` are node ids or subnet ids.',
      resolve: (w) => ValidatorActivityKeyType.from(w.metadata?.keyType),
    }),
    keys: t.stringList({ description: 'The watched node id or subnet id.', resolve: (w) => w.metadata?.keys ?? [] }),
    validatorActivitySubEvents: t.field({
      type: [ValidatorActivitySubEvent],
      description: 'The events delivered (values this gateway does not know are left out).',
      resolve: (w) => ValidatorActivitySubEvent.list(w.metadata?.subEvents?.validatorActivitySubEvents),
    }),
    nodeIds: t.stringList({ description: 'Only events of these nodes; empty: all.', resolve: (w) => w.metadata?.nodeIds ?? [] }),
    subnetIds: t.stringList({ description: 'Only events of these subnets; empty: all.', resolve: (w) => w.metadata?.subnetIds ?? [] }),
    l1ValidatorFeeBalanceThreshold: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'The fee balance (nAVAX) below which L1_VALIDATOR_BALANCE_THRESHOLD fires.',
      resolve: (w) => w.metadata?.l1ValidatorFeeBalanceThreshold ?? null,
    }),
  }),
});

export const WebhookActivity = builder.unionType('WebhookActivity', {
  description: 'What a webhook watches, by its event type.',
  types: [EvmAddressActivity, PrimaryNetworkAddressActivity, ValidatorActivity],
  resolveType: (w) =>
    w.eventType === 'address_activity' ? EvmAddressActivity : w.eventType === 'primary_network_address_activity' ? PrimaryNetworkAddressActivity : ValidatorActivity,
});


export const Webhook = builder.loadableNodeRef<WireWebhook, string, string>('Webhook', {
  id: { resolve: (w) => w.id },
  // No batch read exists: one call per id, each failing only its own slot (a refusal too).
  load: refLoad(webhooksById),
});

Webhook.implement({
  extensions: typeGuard({ checkId: (key) => (/^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/.test(key) ? null : 'not a webhook id') }),
  description:
    'A webhook of the caller\'s Data API key: where the Data API posts events of the addresses or validators it watches. Only the key that owns it sees it.',
  fields: (t) => ({
    webhookId: t.exposeString('id', { description: 'The Data API\'s id of the webhook (what the mutations take).' }),
    name: t.exposeString('name', { description: 'Name given at creation.' }),
    description: t.exposeString('description', { description: 'Description given at creation.' }),
    url: t.exposeString('url', { description: 'The https endpoint events are posted to.' }),
    chainId: t.exposeString('chainId', { description: 'The chain watched, as the Data API records it (an EVM chain id for address activity).' }),
    status: t.field({ type: WebhookStatus, description: 'Whether events are delivered.', resolve: (w) => WebhookStatus.from(w.status) }),
    createdAt: t.field({ type: 'Timestamp', description: 'When the webhook was created, Unix seconds.', resolve: (w) => seconds(w.createdAt) }),
    eventType: t.field({ type: WebhookEventType, description: 'What the webhook watches.', resolve: (w) => WebhookEventType.from(w.eventType) }),
    activity: t.field({
      type: WebhookActivity,
      nullable: true,
      description: 'The addresses or validators watched and the events delivered; null for a kind this gateway does not know.',
      resolve: (w) => (WebhookEventType.from(w.eventType) !== 'UNKNOWN' && w.metadata ? w : null),
    }),
    addresses: t.field({
      type: WebhookAddressConnection,
      nullable: true,
      description: 'The EVM addresses an address-activity webhook watches, in pages (`GET /v1/webhooks/{id}/addresses`); null for other kinds (no call).',
      args: connectionArgs(t, WEBHOOK_ADDRESS_PAGE),
      extensions: { ...fieldGuard({}), ...serves('data:getAddressesFromWebhook') },
      resolve: (w, args, ctx) => {
        if (w.eventType !== 'address_activity') return null;
        return upstreamList(args, {
          name: 'webhookAddresses',
          page: WEBHOOK_ADDRESS_PAGE,
          path: [w.id],
          query: {},
          read: (id, query) => accountOf(ctx).webhooks.getAddressesFromWebhook(id, query),
          items: (page) => page.addresses,
          extras: (page) => ({ totalCount: page.totalAddresses }),
        });
      },
    }),
  }),
});

export const WebhookAddressConnection = connectionType<string, { totalCount: number }>(
  'WebhookAddress',
  'String',
  'A page of the addresses a webhook watches.',
);

builder.objectFields(WebhookAddressConnection, (t) => ({
  totalCount: t.int({
    nullable: true,
    description: 'How many addresses the webhook watches in all.',
    resolve: (c) => (c.totalCount === undefined ? null : Math.min(c.totalCount, 2 ** 31 - 1)),
  }),
}));

export const WebhookConnection = connectionType('Webhook', Webhook, 'A page of the caller\'s webhooks, as the Data API orders them.');

builder.objectFields(DataApiAccount, (t) => ({
  webhooks: t.checkedField({
    type: WebhookConnection,
    nullable: true,
    description: 'The webhooks of the caller\'s key, optionally of one status (`GET /v1/webhooks`).',
    args: {
      status: t.arg({ type: WebhookStatus, required: false, description: 'Only webhooks in this status (not UNKNOWN).' }),
      ...connectionArgs(t, WEBHOOK_PAGE),
    },
    extensions: serves('data:listWebhooks'),
    check: (args) => webhookStatusArg('status', args.status),
    resolve: (_, status, args, ctx) => {
      const account = accountOf(ctx);
      return upstreamList(args, {
        name: 'webhooks',
        page: WEBHOOK_PAGE,
        path: [],
        query: { status },
        read: (query) => account.webhooks.listWebhooks(query),
        items: (page) => {
          for (const webhook of page.webhooks) Webhook.getDataloader(ctx).prime(webhook.id, webhook);
          return page.webhooks;
        },
      });
    },
  }),
  webhook: t.checkedField({
    type: Webhook,
    nullable: true,
    description: 'One webhook of the caller\'s key by its `webhookId` (`GET /v1/webhooks/{id}`); null when the key has none with this id.',
    args: { webhookId: t.arg.string({ required: true, description: 'The Data API\'s id of the webhook.' }) },
    extensions: { ...fieldGuard({ upstreamCost: 1 }), ...serves('data:getWebhook') },
    check: (args) => serviceId('webhookId', args.webhookId),
    resolve: (_, webhookId, _args, ctx) => {
      accountOf(ctx);
      return Webhook.getDataloader(ctx).load(webhookId);
    },
  }),
  sharedSecret: t.string({
    nullable: true,
    description:
      'The secret the Data API signs the key\'s webhook deliveries with, to check them on receipt (`GET /v1/webhooks:getSharedSecret`). Rotate it with `rotateWebhookSharedSecret`.',
    extensions: { ...fieldGuard({ upstreamCost: 1 }), ...serves('data:getSharedSecret') },
    resolve: async (_, __, ctx) => (await accountOf(ctx).webhooks.getSharedSecret()).secret,
  }),
}));
