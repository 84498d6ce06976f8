/**
 * `/v1/webhooks...`: the webhooks of the request's key, with the service's checks on what they
 * watch: an address-activity webhook only on a chain of the world with the `webhooks` feature, a
 * primary-network one only on that network's P-, X- or C-Chain with addresses of its prefix.
 */
import { isCb58Id, isEvmAddress, isHash32, isNodeId, parseBech32Address, NETWORK_KEYS, type NetworkKey } from '@avalanche-graph/identity';
import { SandboxResponse, type SandboxService } from '../../http.js';
import type { World } from '../../world/index.js';
import { badRequest, enumParam, notFound } from '../errors.js';
import { paginate } from '../primary/paging.js';
import { MAX_WEBHOOKS, type Account, type AccountStore, type WebhookRecord } from './store.js';

const STATUSES = ['active', 'inactive'] as const;
const PRIMARY_SUB_EVENTS = ['balance_change', 'balance_threshold', 'reward_distribution'];
const VALIDATOR_SUB_EVENTS = [
  'validator_stake',
  'delegator_stake',
  'reward_distribution',
  'l1_validator_balance_increased',
  'l1_validator_disabled',
  'l1_validator_removed',
  'l1_validator_balance_threshold',
];
const BALANCE_TYPES = [
  'unlockedUnstaked',
  'unlockedStaked',
  'lockedPlatform',
  'lockedStakeable',
  'lockedStaked',
  'pendingStaked',
  'unlocked',
  'locked',
  'atomicMemoryUnlocked',
  'atomicMemoryLocked',
];
/** Most addresses one webhook watches (the plan's limit, simulated). */
const MAX_ADDRESSES = 1_000;
const PAGE = { defaultSize: 10, maxSize: 100 };

type Body = Record<string, unknown>;

function object(value: unknown, name: string): Body {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw badRequest(`${name} must be an object`);
  return value as Body;
}

function string(body: Body, name: string, required: boolean): string | undefined {
  const value = body[name];
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'string' || (required && value === '')) throw badRequest(`${name} must be a string`);
  return value;
}

function boolean(body: Body, name: string): boolean | undefined {
  const value = body[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw badRequest(`${name} must be a boolean value`);
  return value;
}

function strings(body: Body, name: string, required: boolean): string[] | undefined {
  const value = body[name];
  if (value === undefined && !required) return undefined;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) throw badRequest(`${name} must be an array of strings`);
  return value as string[];
}

function url(value: string): string {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw badRequest('url must be a URL address');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw badRequest('url must be a URL address');
  return value;
}

function evmAddresses(values: string[], name: string): string[] {
  if (values.length > MAX_ADDRESSES) throw badRequest(`${name} must contain no more than ${MAX_ADDRESSES} elements`);
  for (const v of values) if (!isEvmAddress(v)) throw badRequest(`${name} must contain valid EVM addresses`);
  return values;
}

function signatures(metadata: Body): string[] | undefined {
  const values = strings(metadata, 'eventSignatures', false);
  if (values?.some((v) => !isHash32(v))) throw badRequest('eventSignatures must contain 32-byte hex strings');
  return values;
}

function oneOf(value: string | undefined, name: string, allowed: readonly string[]): string {
  if (value === undefined || !allowed.includes(value)) throw badRequest(`${name} must be one of the following values: ${allowed.join(', ')}`);
  return value;
}

/** The watched record of a new webhook, checked against the world. */
function createRecord(world: World, body: Body): Pick<WebhookRecord, 'eventType' | 'metadata'> & Record<string, unknown> {
  const eventType = oneOf(string(body, 'eventType', true), 'eventType', ['address_activity', 'primary_network_address_activity', 'validator_activity']);
  const metadata = object(body.metadata, 'metadata');
  if (eventType === 'address_activity') {
    const chainId = string(body, 'chainId', true)!;
    const chain = world.chains.find((c) => c.info.chainId === chainId);
    if (!chain) throw badRequest(`chainId ${chainId} is not a supported chain`);
    if (!(chain.info.enabledFeatures ?? []).includes('webhooks')) throw badRequest(`Webhooks are not enabled on chain ${chainId}`);
    const addresses = evmAddresses(strings(metadata, 'addresses', true)!, 'addresses');
    const eventSignatures = signatures(metadata);
    const includeInternalTxs = boolean(body, 'includeInternalTxs');
    const includeLogs = boolean(body, 'includeLogs');
    return {
      eventType,
      chainId,
      metadata: { addresses: [...new Set(addresses.map((a) => a.toLowerCase()))], ...(eventSignatures ? { eventSignatures } : {}) },
      includeInternalTxs: includeInternalTxs ?? false,
      includeLogs: includeLogs ?? false,
    };
  }
  const network = oneOf(string(body, 'network', true), 'network', NETWORK_KEYS) as NetworkKey;
  const net = world.primary.networks[network];
  const subEvents = object(metadata.subEvents, 'subEvents');
  const eventSignatures = signatures(metadata);
  if (eventType === 'primary_network_address_activity') {
    const chainId = string(body, 'chainId', true)!;
    if (!Object.values(net.chainIds).includes(chainId)) throw badRequest(`chainId must be a primary-network chain of ${network}`);
    oneOf(string(metadata, 'keyType', true), 'keyType', ['addresses']);
    const keys = strings(metadata, 'keys', true)!;
    if (keys.length === 0 || keys.length > MAX_ADDRESSES) throw badRequest(`keys must contain 1 to ${MAX_ADDRESSES} elements`);
    for (const key of keys) {
      const parsed = parseBech32Address(key);
      if (!parsed || parsed.hrp !== net.hrp) throw badRequest(`keys must contain addresses of ${network} (${net.hrp}1...)`);
    }
    const events = strings(subEvents, 'addressActivitySubEvents', true)!;
    if (events.length === 0) throw badRequest('addressActivitySubEvents must not be empty');
    for (const e of events) oneOf(e, 'addressActivitySubEvents', PRIMARY_SUB_EVENTS);
    let balanceThresholdFilter: Body | undefined;
    if (metadata.balanceThresholdFilter !== undefined) {
      const filter = object(metadata.balanceThresholdFilter, 'balanceThresholdFilter');
      const threshold = string(filter, 'balanceThreshold', true)!;
      if (!/^\d{1,30}$/.test(threshold)) throw badRequest('balanceThreshold must be a whole number of nAVAX');
      balanceThresholdFilter = { balanceType: oneOf(string(filter, 'balanceType', true), 'balanceType', BALANCE_TYPES), balanceThreshold: threshold };
    }
    return {
      eventType,
      chainId,
      metadata: {
        keyType: 'addresses',
        keys,
        subEvents: { addressActivitySubEvents: events },
        ...(balanceThresholdFilter ? { balanceThresholdFilter } : {}),
        ...(eventSignatures ? { eventSignatures } : {}),
      },
    };
  }
  const keyType = oneOf(string(metadata, 'keyType', true), 'keyType', ['nodeId', 'subnetId']);
  const keys = strings(metadata, 'keys', true)!;
  if (keys.length !== 1) throw badRequest('keys must contain exactly one key for validator_activity');
  if (keyType === 'nodeId' ? !isNodeId(keys[0]!) : !isCb58Id(keys[0]!)) throw badRequest(`keys must contain a valid ${keyType}`);
  const events = strings(subEvents, 'validatorActivitySubEvents', true)!;
  if (events.length === 0) throw badRequest('validatorActivitySubEvents must not be empty');
  for (const e of events) oneOf(e, 'validatorActivitySubEvents', VALIDATOR_SUB_EVENTS);
  const nodeIds = strings(metadata, 'nodeIds', false);
  if (nodeIds?.some((n) => !isNodeId(n))) throw badRequest('nodeIds must contain valid node ids');
  const subnetIds = strings(metadata, 'subnetIds', false);
  if (subnetIds?.some((n) => !isCb58Id(n))) throw badRequest('subnetIds must contain valid subnet ids');
  const threshold = string(metadata, 'l1ValidatorFeeBalanceThreshold', false);
  if (threshold !== undefined && !/^\d{1,30}$/.test(threshold)) throw badRequest('l1ValidatorFeeBalanceThreshold must be a whole number of nAVAX');
  return {
    eventType,
    // The service records validator webhooks against the P-Chain of their network.
    chainId: net.chainIds.P,
    metadata: {
      keyType,
      keys,
      subEvents: { validatorActivitySubEvents: events },
      ...(nodeIds ? { nodeIds } : {}),
      ...(subnetIds ? { subnetIds } : {}),
      ...(threshold !== undefined ? { l1ValidatorFeeBalanceThreshold: threshold } : {}),
      ...(eventSignatures ? { eventSignatures } : {}),
    },
  };
}

function webhookOf(account: Account, id: string): WebhookRecord {
  const webhook = account.webhooks.get(id);
  if (!webhook) throw notFound(`Webhook ${id} not found`);
  return webhook;
}

function evmWebhookOf(account: Account, id: string): WebhookRecord & { metadata: { addresses: string[] } } {
  const webhook = webhookOf(account, id);
  if (webhook.eventType !== 'address_activity') throw badRequest('Only address_activity webhooks have an address list');
  return webhook as WebhookRecord & { metadata: { addresses: string[] } };
}

function addressesOf(body: unknown): string[] {
  const list = strings(object(body, 'body'), 'addresses', true)!;
  if (list.length === 0) throw badRequest('addresses must not be empty');
  return evmAddresses(list, 'addresses').map((a) => a.toLowerCase());
}

export function webhookRoutes(service: SandboxService, world: World, store: AccountStore): void {
  service.route('POST', '/v1/webhooks', ({ headers, body }) => {
    const account = store.require(headers);
    const request = object(body, 'body');
    const watched = createRecord(world, request);
    if (account.webhooks.size >= MAX_WEBHOOKS) throw badRequest(`An account may have at most ${MAX_WEBHOOKS} webhooks`);
    const id = store.newWebhookId(account);
    const webhook: WebhookRecord = {
      id,
      url: url(string(request, 'url', true)!),
      chainId: '',
      status: 'active',
      createdAt: Math.floor(Date.now() / 1000),
      name: string(request, 'name', false) ?? '',
      description: string(request, 'description', false) ?? '',
      ...watched,
    };
    account.webhooks.set(id, webhook);
    return new SandboxResponse(201, webhook);
  });

  service.route('GET', '/v1/webhooks', ({ headers, query }) => {
    const account = store.require(headers);
    const status = enumParam(query, 'status', STATUSES);
    const all = [...account.webhooks.values()].filter((w) => !status || w.status === status);
    const page = paginate(all, query, { scope: `webhooks:${account.fingerprint}:${status ?? ''}`, ...PAGE });
    return { webhooks: page.items, ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}) };
  });

  service.route('GET', '/v1/webhooks/{id}', ({ headers, params }) => webhookOf(store.require(headers), params.id!));

  service.route('PATCH', '/v1/webhooks/{id}', ({ headers, params, body }) => {
    const webhook = webhookOf(store.require(headers), params.id!);
    const change = object(body, 'body');
    const name = string(change, 'name', false);
    const description = string(change, 'description', false);
    const target = string(change, 'url', false);
    const status = change.status === undefined ? undefined : oneOf(string(change, 'status', true), 'status', STATUSES);
    const includeInternalTxs = boolean(change, 'includeInternalTxs');
    const includeLogs = boolean(change, 'includeLogs');
    if ((includeInternalTxs !== undefined || includeLogs !== undefined) && webhook.eventType !== 'address_activity') {
      throw badRequest('includeInternalTxs and includeLogs apply to address_activity webhooks only');
    }
    if (target !== undefined) webhook.url = url(target);
    if (name !== undefined) webhook.name = name;
    if (description !== undefined) webhook.description = description;
    if (status !== undefined) webhook.status = status as WebhookRecord['status'];
    if (includeInternalTxs !== undefined) webhook.includeInternalTxs = includeInternalTxs;
    if (includeLogs !== undefined) webhook.includeLogs = includeLogs;
    return webhook;
  });

  service.route('DELETE', '/v1/webhooks/{id}', ({ headers, params }) => {
    const webhook = webhookOf(store.require(headers), params.id!);
    webhook.status = 'inactive';
    return webhook;
  });

  service.route('GET', '/v1/webhooks/{id}/addresses', ({ headers, params, query }) => {
    const account = store.require(headers);
    const webhook = evmWebhookOf(account, params.id!);
    const addresses = webhook.metadata.addresses;
    const page = paginate(addresses, query, { scope: `webhook-addresses:${account.fingerprint}:${webhook.id}`, ...PAGE });
    return { addresses: page.items, totalAddresses: addresses.length, ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}) };
  });

  service.route('PATCH', '/v1/webhooks/{id}/addresses', ({ headers, params, body }) => {
    const webhook = evmWebhookOf(store.require(headers), params.id!);
    const merged = [...new Set([...webhook.metadata.addresses, ...addressesOf(body)])];
    if (merged.length > MAX_ADDRESSES) throw badRequest(`A webhook may watch at most ${MAX_ADDRESSES} addresses`);
    webhook.metadata.addresses = merged;
    return webhook;
  });

  service.route('DELETE', '/v1/webhooks/{id}/addresses', ({ headers, params, body }) => {
    const webhook = evmWebhookOf(store.require(headers), params.id!);
    const removed = new Set(addressesOf(body));
    webhook.metadata.addresses = webhook.metadata.addresses.filter((a) => !removed.has(a));
    return webhook;
  });

  service.route('GET', '/v1/webhooks:getSharedSecret', ({ headers }) => ({ secret: store.secret(store.require(headers)) }));

  service.route('POST', '/v1/webhooks:generateOrRotateSharedSecret', ({ headers }) => {
    const account = store.require(headers);
    account.secretRotations += 1;
    return new SandboxResponse(201, { secret: store.secret(account) });
  });
}
