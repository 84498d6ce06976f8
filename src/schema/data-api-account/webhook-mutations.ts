/**
 * Writes to the caller's webhooks: create, update, deactivate, add and remove watched addresses,
 * rotate the shared secret. Every input is checked whole before the one call each makes; the calls
 * are never retried, cached or shared, and need the caller's own key like every account field.
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import type { ArgBuilder } from '@pothos/core';
import { builder, type Types } from '../../builder.js';
import { badInput } from '../../errors.js';
import type { NetworkKey } from '@avalanche-graph/identity';
import type { NetworkNameValue } from '../common/network-names.js';
import type { WireCreateWebhookRequest } from '../../upstream/data-api/types/account.js';
import { NetworkName } from '../common/enums.js';
import { networkKey } from '../common/network-names.js';
import { fieldGuard, maxItems } from '../common/guards.js';
import { serves } from '../common/operations.js';
import { primaryAddresses, primaryChainArg } from '../common/primary-ids.js';
import { cb58Id, evmAddress, evmChainId, hash32, list, nodeId } from '../common/validate.js';
import { text } from './account.js';
import { accountOf, serviceId } from './keys.js';
import {
  PrimaryNetworkAddressActivitySubEvent,
  PrimaryNetworkBalanceType,
  ValidatorActivitySubEvent,
  Webhook,
  WebhookStatus,
  webhookStatusArg,
} from './webhooks.js';

/** Most addresses one call creates a webhook with, adds or removes (the plan bounds the total). */
export const MAX_WEBHOOK_ADDRESSES = 100;
/** Most event signatures, node ids or subnet ids of one webhook filter. */
const MAX_FILTERS = 20;
const MAX_URL_LENGTH = 2048;
const MAX_NAME_LENGTH = 128;
const MAX_DESCRIPTION_LENGTH = 1024;
/** The largest nAVAX amount a threshold takes (the AVAX supply cap is 7.2e17 nAVAX). */
const MAX_NAVAX = 10n ** 19n;

/** A webhook endpoint: an absolute https URL with a host, of bounded length. */
export function webhookUrl(argument: string, value: string): string {
  if (value.length > MAX_URL_LENGTH) throw badInput(argument, `at most ${MAX_URL_LENGTH} characters, got ${value.length}`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw badInput(argument, `"${value.slice(0, 80)}" is not an absolute URL`);
  }
  if (url.protocol !== 'https:') throw badInput(argument, 'must be an https URL (deliveries carry signed payloads)');
  if (!url.hostname) throw badInput(argument, 'must name a host');
  if (/\s/.test(value)) throw badInput(argument, 'must not contain spaces');
  return value;
}

function navax(argument: string, value: bigint): string {
  if (value < 0n || value > MAX_NAVAX) throw badInput(argument, `must be an amount of nAVAX between 0 and ${MAX_NAVAX}`);
  return value.toString();
}

function nonEmpty<T>(argument: string, values: readonly T[] | null | undefined, what: string): readonly T[] {
  if (!values?.length) throw badInput(argument, `give at least one ${what}`);
  return values;
}

function unique<T>(argument: string, values: readonly T[]): T[] {
  const seen = new Set<T>();
  values.forEach((v, i) => {
    if (seen.has(v)) throw badInput(`${argument}[${i}]`, 'is given twice');
    seen.add(v);
  });
  return [...values];
}

const signatures = (argument: string, values: readonly string[] | null | undefined) =>
  values?.length ? list(argument, values, MAX_FILTERS, hash32) : undefined;

const EvmAddressActivityInput = builder.inputType('EvmAddressActivityInput', {
  description: 'Watch EVM addresses on one chain.',
  fields: (t) => ({
    chainId: t.string({ required: true, description: 'The EVM chain id (e.g. "43114").' }),
    addresses: t.stringList({ required: true, description: `1 to ${MAX_WEBHOOK_ADDRESSES} EVM addresses (0x...); add more later with \`addWebhookAddresses\`.` }),
    eventSignatures: t.stringList({ required: false, description: `Up to ${MAX_FILTERS} event signatures (topic 0, 32-byte hex) to deliver logs of; all when omitted.` }),
    includeInternalTxs: t.boolean({ required: false, description: 'Include internal transactions (traces) in deliveries; C-Chain only.' }),
    includeLogs: t.boolean({ required: false, description: 'Include the transactions\' logs in deliveries.' }),
  }),
});

const BalanceThresholdInput = builder.inputType('PrimaryNetworkBalanceThresholdInput', {
  description: 'A balance threshold for BALANCE_THRESHOLD events.',
  fields: (t) => ({
    balanceType: t.field({ type: PrimaryNetworkBalanceType, required: true, description: 'The kind of balance compared (not UNKNOWN).' }),
    threshold: t.field({ type: 'BigInt', required: true, description: 'The threshold, in nAVAX.' }),
  }),
});

const PrimaryNetworkAddressActivityInput = builder.inputType('PrimaryNetworkAddressActivityInput', {
  description: 'Watch bech32 addresses of one primary-network chain.',
  fields: (t) => ({
    network: t.field({ type: NetworkName, required: true, description: 'The network of the addresses.' }),
    chain: t.string({ required: true, description: 'The chain: p-chain, x-chain, c-chain, or its blockchain id on this network.' }),
    addresses: t.stringList({ required: true, description: `1 to ${MAX_WEBHOOK_ADDRESSES} addresses of this network (avax1.../fuji1..., optionally chain-prefixed).` }),
    addressActivitySubEvents: t.field({ type: [PrimaryNetworkAddressActivitySubEvent], required: true, description: 'The events to deliver (at least one).' }),
    balanceThreshold: t.field({ type: BalanceThresholdInput, required: false, description: 'Required with BALANCE_THRESHOLD, refused without it.' }),
    eventSignatures: t.stringList({ required: false, description: `Up to ${MAX_FILTERS} event signatures (32-byte hex); all when omitted.` }),
  }),
});

const ValidatorActivityInput = builder.inputType('ValidatorActivityInput', {
  description: 'Watch one validator (`nodeId`) or the validators of one subnet (`subnetId`): give exactly one.',
  fields: (t) => ({
    network: t.field({ type: NetworkName, required: true, description: 'The network of the validators.' }),
    nodeId: t.string({ required: false, description: 'The validator watched (NodeID-...).' }),
    subnetId: t.string({ required: false, description: 'The subnet (L1) whose validators are watched (cb58).' }),
    validatorActivitySubEvents: t.field({ type: [ValidatorActivitySubEvent], required: true, description: 'The events to deliver (at least one).' }),
    nodeIds: t.stringList({ required: false, description: `Only events of these nodes (up to ${MAX_FILTERS}).` }),
    subnetIds: t.stringList({ required: false, description: `Only events of these subnets (up to ${MAX_FILTERS}).` }),
    l1ValidatorFeeBalanceThreshold: t.field({
      type: 'BigInt',
      required: false,
      description: 'Fee balance (nAVAX) below which L1_VALIDATOR_BALANCE_THRESHOLD fires; required with that event.',
    }),
    eventSignatures: t.stringList({ required: false, description: `Up to ${MAX_FILTERS} event signatures (32-byte hex); all when omitted.` }),
  }),
});

export const CreateWebhookInput = builder.inputType('CreateWebhookInput', {
  description: 'A new webhook: where to post, and what to watch (give exactly one of the three kinds).',
  fields: (t) => ({
    url: t.string({ required: true, description: `The https URL events are posted to (at most ${MAX_URL_LENGTH} characters).` }),
    name: t.string({ required: false, description: `A name (at most ${MAX_NAME_LENGTH} characters).` }),
    description: t.string({ required: false, description: `A description (at most ${MAX_DESCRIPTION_LENGTH} characters).` }),
    evmAddressActivity: t.field({ type: EvmAddressActivityInput, required: false, description: 'Watch EVM addresses on one chain.' }),
    primaryNetworkAddressActivity: t.field({ type: PrimaryNetworkAddressActivityInput, required: false, description: 'Watch primary-network addresses.' }),
    validatorActivity: t.field({ type: ValidatorActivityInput, required: false, description: 'Watch a validator or a subnet\'s validators.' }),
  }),
});

export const UpdateWebhookInput = builder.inputType('UpdateWebhookInput', {
  description: 'What to change in a webhook (at least one field); omitted fields stay.',
  fields: (t) => ({
    name: t.string({ required: false, description: `A new name (at most ${MAX_NAME_LENGTH} characters).` }),
    description: t.string({ required: false, description: `A new description (at most ${MAX_DESCRIPTION_LENGTH} characters).` }),
    url: t.string({ required: false, description: 'A new https URL.' }),
    status: t.field({ type: WebhookStatus, required: false, description: 'ACTIVE or INACTIVE (not UNKNOWN).' }),
    includeInternalTxs: t.boolean({ required: false, description: 'Include internal transactions (EVM address activity, C-Chain only).' }),
    includeLogs: t.boolean({ required: false, description: 'Include logs (EVM address activity).' }),
  }),
});

type Maybe<T> = T | null | undefined;

interface CreateArgs {
  url: string;
  name?: Maybe<string>;
  description?: Maybe<string>;
  evmAddressActivity?: Maybe<{ chainId: string; addresses: string[]; eventSignatures?: Maybe<string[]>; includeInternalTxs?: Maybe<boolean>; includeLogs?: Maybe<boolean> }>;
  primaryNetworkAddressActivity?: Maybe<{
    network: NetworkNameValue;
    chain: string;
    addresses: string[];
    addressActivitySubEvents: string[];
    balanceThreshold?: Maybe<{ balanceType: string; threshold: bigint }>;
    eventSignatures?: Maybe<string[]>;
  }>;
  validatorActivity?: Maybe<{
    network: NetworkNameValue;
    nodeId?: Maybe<string>;
    subnetId?: Maybe<string>;
    validatorActivitySubEvents: string[];
    nodeIds?: Maybe<string[]>;
    subnetIds?: Maybe<string[]>;
    l1ValidatorFeeBalanceThreshold?: Maybe<bigint>;
    eventSignatures?: Maybe<string[]>;
  }>;
}

const wireNetwork = (key: NetworkKey) => key;

/** The request body of `createWebhook`, checked whole; the error names the input field at fault. */
export function createWebhookRequest(input: CreateArgs): WireCreateWebhookRequest {
  const kinds = [input.evmAddressActivity, input.primaryNetworkAddressActivity, input.validatorActivity].filter((k) => k != null);
  if (kinds.length !== 1) throw badInput('input', 'give exactly one of evmAddressActivity, primaryNetworkAddressActivity and validatorActivity');
  const base = {
    url: webhookUrl('input.url', input.url),
    ...(input.name != null ? { name: text('input.name', input.name, MAX_NAME_LENGTH) } : {}),
    ...(input.description != null ? { description: text('input.description', input.description, MAX_DESCRIPTION_LENGTH) } : {}),
  };
  if (input.evmAddressActivity) return evmActivityRequest(base, input.evmAddressActivity);
  if (input.primaryNetworkAddressActivity) return primaryActivityRequest(base, input.primaryNetworkAddressActivity);
  return validatorActivityRequest(base, input.validatorActivity!);
}

/** What every kind of webhook carries: its URL, and its name and description when given. */
type WebhookBase = { url: string; name?: string; description?: string };

/** An EVM address activity webhook's request. */
function evmActivityRequest(base: WebhookBase, evm: NonNullable<CreateArgs['evmAddressActivity']>): WireCreateWebhookRequest {
  const at = 'input.evmAddressActivity';
  const addresses = unique(`${at}.addresses`, list(`${at}.addresses`, nonEmpty(`${at}.addresses`, evm.addresses, 'address'), MAX_WEBHOOK_ADDRESSES, evmAddress).map((a) => a.toLowerCase()));
  const eventSignatures = signatures(`${at}.eventSignatures`, evm.eventSignatures);
  return {
    ...base,
    eventType: 'address_activity',
    chainId: evmChainId(`${at}.chainId`, evm.chainId),
    metadata: { addresses, ...(eventSignatures ? { eventSignatures } : {}) },
    ...(evm.includeInternalTxs != null ? { includeInternalTxs: evm.includeInternalTxs } : {}),
    ...(evm.includeLogs != null ? { includeLogs: evm.includeLogs } : {}),
  };

}

/** A primary network address activity webhook's request. */
function primaryActivityRequest(base: WebhookBase, p: NonNullable<CreateArgs['primaryNetworkAddressActivity']>): WireCreateWebhookRequest {
  const at = 'input.primaryNetworkAddressActivity';
  const key = networkKey(p.network);
  const { blockchainId } = primaryChainArg(`${at}.chain`, p.chain, key, ['P', 'X', 'C']);
  const keys = unique(`${at}.addresses`, primaryAddresses(`${at}.addresses`, nonEmpty(`${at}.addresses`, p.addresses, 'address'), MAX_WEBHOOK_ADDRESSES, key, ['P', 'X', 'C']));
  const subEvents = unique(`${at}.addressActivitySubEvents`, nonEmpty(`${at}.addressActivitySubEvents`, p.addressActivitySubEvents, 'event'));
  const wantsThreshold = subEvents.includes('balance_threshold' satisfies (typeof PrimaryNetworkAddressActivitySubEvent.known)[number]);
  if (wantsThreshold !== (p.balanceThreshold != null)) {
    throw badInput(`${at}.balanceThreshold`, wantsThreshold ? 'is required with BALANCE_THRESHOLD' : 'is only taken with BALANCE_THRESHOLD');
  }
  if (p.balanceThreshold?.balanceType === 'UNKNOWN') throw badInput(`${at}.balanceThreshold.balanceType`, 'UNKNOWN is not a balance type to watch');
  const eventSignatures = signatures(`${at}.eventSignatures`, p.eventSignatures);
  return {
    ...base,
    eventType: 'primary_network_address_activity',
    network: wireNetwork(key),
    chainId: blockchainId,
    metadata: {
      keyType: 'addresses',
      keys,
      subEvents: { addressActivitySubEvents: subEvents },
      ...(p.balanceThreshold
        ? { balanceThresholdFilter: { balanceType: p.balanceThreshold.balanceType, balanceThreshold: navax(`${at}.balanceThreshold.threshold`, p.balanceThreshold.threshold) } }
        : {}),
      ...(eventSignatures ? { eventSignatures } : {}),
    },
  };

}

/** A validator activity webhook's request. */
function validatorActivityRequest(base: WebhookBase, v: NonNullable<CreateArgs['validatorActivity']>): WireCreateWebhookRequest {
  const at = 'input.validatorActivity';
  if ((v.nodeId == null) === (v.subnetId == null)) throw badInput(at, 'give exactly one of nodeId and subnetId');
  const keyType = v.nodeId != null ? 'nodeId' : 'subnetId';
  const keyValue = v.nodeId != null ? nodeId(`${at}.nodeId`, v.nodeId) : cb58Id(`${at}.subnetId`, v.subnetId!);
  const subEvents = unique(`${at}.validatorActivitySubEvents`, nonEmpty(`${at}.validatorActivitySubEvents`, v.validatorActivitySubEvents, 'event'));
  const wantsThreshold = subEvents.includes('l1_validator_balance_threshold' satisfies (typeof ValidatorActivitySubEvent.known)[number]);
  if (wantsThreshold !== (v.l1ValidatorFeeBalanceThreshold != null)) {
    throw badInput(`${at}.l1ValidatorFeeBalanceThreshold`, wantsThreshold ? 'is required with L1_VALIDATOR_BALANCE_THRESHOLD' : 'is only taken with L1_VALIDATOR_BALANCE_THRESHOLD');
  }
  const nodeIds = v.nodeIds?.length ? list(`${at}.nodeIds`, v.nodeIds, MAX_FILTERS, nodeId) : undefined;
  const subnetIds = v.subnetIds?.length ? list(`${at}.subnetIds`, v.subnetIds, MAX_FILTERS, cb58Id) : undefined;
  const eventSignatures = signatures(`${at}.eventSignatures`, v.eventSignatures);
  return {
    ...base,
    eventType: 'validator_activity',
    network: wireNetwork(networkKey(v.network)),
    metadata: {
      keyType,
      keys: [keyValue],
      subEvents: { validatorActivitySubEvents: subEvents },
      ...(nodeIds ? { nodeIds } : {}),
      ...(subnetIds ? { subnetIds } : {}),
      ...(v.l1ValidatorFeeBalanceThreshold != null
        ? { l1ValidatorFeeBalanceThreshold: navax(`${at}.l1ValidatorFeeBalanceThreshold`, v.l1ValidatorFeeBalanceThreshold) }
        : {}),
      ...(eventSignatures ? { eventSignatures } : {}),
    },
  };
}

interface UpdateArgs {
  name?: Maybe<string>;
  description?: Maybe<string>;
  url?: Maybe<string>;
  status?: Maybe<'active' | 'inactive' | 'UNKNOWN'>;
  includeInternalTxs?: Maybe<boolean>;
  includeLogs?: Maybe<boolean>;
}

/** The request body of `updateWebhook`, checked whole. */
export function updateWebhookRequest(input: UpdateArgs): DataApiSchema<'UpdateWebhookRequest'> {
  const body: DataApiSchema<'UpdateWebhookRequest'> = {};
  if (input.name != null) body.name = text('input.name', input.name, MAX_NAME_LENGTH);
  if (input.description != null) body.description = text('input.description', input.description, MAX_DESCRIPTION_LENGTH);
  if (input.url != null) body.url = webhookUrl('input.url', input.url);
  const status = webhookStatusArg('input.status', input.status);
  if (status) body.status = status;
  if (input.includeInternalTxs != null) body.includeInternalTxs = input.includeInternalTxs;
  if (input.includeLogs != null) body.includeLogs = input.includeLogs;
  if (Object.keys(body).length === 0) throw badInput('input', 'give at least one field to change');
  return body;
}

/** The addresses of `addWebhookAddresses` / `removeWebhookAddresses`. */
export function webhookAddresses(values: readonly string[]): string[] {
  return unique('addresses', list('addresses', nonEmpty('addresses', values, 'address'), MAX_WEBHOOK_ADDRESSES, evmAddress).map((a) => a.toLowerCase()));
}

const WEBHOOK_ID_ARG = { required: true, description: 'The Data API\'s id of the webhook (`Webhook.webhookId`).' } as const;

/** The webhook and addresses of `addWebhookAddresses` and `removeWebhookAddresses`, checked. */
function webhookAddressChange(args: { webhookId: string; addresses: readonly string[] }): [id: string, addresses: string[]] {
  return [serviceId('webhookId', args.webhookId), webhookAddresses(args.addresses)];
}

/** The arguments of `addWebhookAddresses` and `removeWebhookAddresses` (checked by `webhookAddressChange`). */
function addressChangeArgs(t: { arg: ArgBuilder<Types> }) {
  return {
    webhookId: t.arg.string(WEBHOOK_ID_ARG),
    addresses: t.arg.stringList({ required: true, extensions: maxItems(MAX_WEBHOOK_ADDRESSES), description: `1 to ${MAX_WEBHOOK_ADDRESSES} EVM addresses.` }),
  };
}

builder.mutationFields((t) => ({
  createWebhook: t.checkedField({
    type: Webhook,
    description: 'Creates a webhook of the caller\'s key (`POST /v1/webhooks`). Needs the caller\'s own Data API key; the input is checked whole before the one call.',
    args: { input: t.arg({ type: CreateWebhookInput, required: true, description: 'Where to post and what to watch.' }) },
    extensions: { ...fieldGuard({ upstreamCost: 1 }), ...serves('data:createWebhook') },
    check: (args) => createWebhookRequest(args.input),
    resolve: (_, request, _args, ctx) => accountOf(ctx).webhooks.createWebhook(request),
  }),
  updateWebhook: t.checkedField({
    type: Webhook,
    description: 'Changes a webhook\'s name, description, URL, status or payload options (`PATCH /v1/webhooks/{id}`).',
    args: {
      webhookId: t.arg.string(WEBHOOK_ID_ARG),
      input: t.arg({ type: UpdateWebhookInput, required: true, description: 'What to change.' }),
    },
    extensions: { ...fieldGuard({ upstreamCost: 1 }), ...serves('data:updateWebhook') },
    check: (args) => ({ webhookId: serviceId('webhookId', args.webhookId), body: updateWebhookRequest(args.input) }),
    resolve: (_, { webhookId, body }, _args, ctx) => accountOf(ctx).webhooks.updateWebhook(webhookId, body),
  }),
  deactivateWebhook: t.checkedField({
    type: Webhook,
    description: 'Deactivates a webhook (`DELETE /v1/webhooks/{id}`): it stays listed as INACTIVE and can be re-activated with `updateWebhook`.',
    args: { webhookId: t.arg.string(WEBHOOK_ID_ARG) },
    extensions: { ...fieldGuard({ upstreamCost: 1 }), ...serves('data:deactivateWebhook') },
    check: (args) => serviceId('webhookId', args.webhookId),
    resolve: (_, webhookId, _args, ctx) => accountOf(ctx).webhooks.deactivateWebhook(webhookId),
  }),
  addWebhookAddresses: t.checkedField({
    type: Webhook,
    description: `Adds up to ${MAX_WEBHOOK_ADDRESSES} EVM addresses to an address-activity webhook (\`PATCH /v1/webhooks/{id}/addresses\`).`,
    args: addressChangeArgs(t),
    extensions: { ...fieldGuard({ upstreamCost: 1 }), ...serves('data:addAddressesToWebhook') },
    check: webhookAddressChange,
    resolve: (_, change, _args, ctx) => accountOf(ctx).webhooks.addAddressesToWebhook(...change),
  }),
  removeWebhookAddresses: t.checkedField({
    type: Webhook,
    description: `Stops watching up to ${MAX_WEBHOOK_ADDRESSES} addresses of an address-activity webhook (\`DELETE /v1/webhooks/{id}/addresses\`).`,
    args: addressChangeArgs(t),
    extensions: { ...fieldGuard({ upstreamCost: 1 }), ...serves('data:removeAddressesFromWebhook') },
    check: webhookAddressChange,
    resolve: (_, change, _args, ctx) => accountOf(ctx).webhooks.removeAddressesFromWebhook(...change),
  }),
  rotateWebhookSharedSecret: t.string({
    description:
      'Generates a new secret for signing the key\'s webhook deliveries, replacing the old one, and returns it (`POST /v1/webhooks:generateOrRotateSharedSecret`).',
    extensions: { ...fieldGuard({ upstreamCost: 1 }), ...serves('data:generateOrRotateSharedSecret') },
    resolve: async (_, __, ctx) => (await accountOf(ctx).webhooks.generateOrRotateSharedSecret()).secret,
  }),
}));
