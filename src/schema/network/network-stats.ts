/**
 * The primary network as a whole: validator and delegator counts and stake (`GET /v1/networks/{network}`)
 * and the AVAX supply (`GET /v1/avax/supply`, mainnet only). The supply comes in whole AVAX with
 * more decimals than nAVAX has, so each figure is given both exactly as sent and in nAVAX.
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import { builder } from '../../builder.js';
import type { WireAvaxSupply, WireNetworkDetails } from '../../upstream/data-api/types/primary-addresses.js';
import { MAIN_NETWORK } from '@avalanche-graph/identity';
import { dataApiNetwork, networkKey } from '../common/network-names.js';
import { fieldGuard } from '../common/guards.js';
import { Network } from './network.js';
import { serves } from '../common/operations.js';

export const StakingDistribution = builder.objectRef<DataApiSchema<'StakingDistribution'>>('StakingDistribution').implement({
  description: 'The validators running one AvalancheGo version and their stake.',
  fields: (t) => ({
    version: t.exposeString('version', { description: 'The AvalancheGo version (e.g. "avalanchego/1.13.2").' }),
    amountStaked: t.expose('amountStaked', { type: 'BigInt', description: 'Stake of those validators, in nAVAX.' }),
    validatorCount: t.exposeInt('validatorCount', { description: 'How many validators run it.' }),
  }),
});

export const NetworkValidatorDetails = builder.objectRef<WireNetworkDetails['validatorDetails']>('NetworkValidatorDetails').implement({
  description: 'The primary network\'s current validators, together.',
  fields: (t) => ({
    validatorCount: t.exposeInt('validatorCount', { description: 'How many validators validate now.' }),
    totalAmountStaked: t.expose('totalAmountStaked', { type: 'BigInt', description: 'Their own stake (without delegations), in nAVAX.' }),
    estimatedAnnualStakingReward: t.expose('estimatedAnnualStakingReward', { type: 'BigInt', description: 'The rewards the current validations and delegations will pay when they end, in nAVAX.' }),
    stakingDistributionByVersion: t.field({
      type: [StakingDistribution],
      description: 'Validators and stake per AvalancheGo version.',
      resolve: (v) => v.stakingDistributionByVersion ?? [],
    }),
    stakingRatio: t.exposeString('stakingRatio', {
      description: 'Stake of validators and delegators over the current supply, as a decimal fraction (e.g. "0.5734"); a ratio, not an amount.',
    }),
  }),
});

export const NetworkDelegatorDetails = builder.objectRef<WireNetworkDetails['delegatorDetails']>('NetworkDelegatorDetails').implement({
  description: 'The primary network\'s active delegations, together.',
  fields: (t) => ({
    delegatorCount: t.exposeInt('delegatorCount', { description: 'How many delegations stake now.' }),
    totalAmountStaked: t.expose('totalAmountStaked', { type: 'BigInt', description: 'Their stake, in nAVAX.' }),
  }),
});

export const NetworkDetails = builder.objectRef<WireNetworkDetails>('NetworkDetails').implement({
  description: 'Staking figures of a primary network: its validators and delegators.',
  fields: (t) => ({
    validatorDetails: t.expose('validatorDetails', { type: NetworkValidatorDetails, description: 'The current validators.' }),
    delegatorDetails: t.expose('delegatorDetails', { type: NetworkDelegatorDetails, description: 'The active delegations.' }),
  }),
});

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** A decimal number of AVAX in nAVAX, rounded down; null when it is not a non-negative decimal. */
export function nAvaxOf(avax: string): bigint | null {
  const match = DECIMAL.exec(avax.trim());
  if (!match) return null;
  return BigInt(match[1]!) * 1_000_000_000n + BigInt((match[2] ?? '').slice(0, 9).padEnd(9, '0'));
}

export const AvaxQuantity = builder.objectRef<string>('AvaxQuantity').implement({
  description: 'A quantity of AVAX: exactly as the Data API states it in whole AVAX, and in nAVAX.',
  fields: (t) => ({
    avax: t.string({ description: 'In whole AVAX, as a decimal string exactly as sent (it may carry more than nine decimals).', resolve: (q) => q }),
    nAvax: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'In nAVAX (10^-9 AVAX), rounded down; null when the service sent no decimal number.',
      resolve: (q) => nAvaxOf(q),
    }),
  }),
});

const SUPPLY_FIELDS = {
  circulatingSupply: 'AVAX in circulation.',
  totalSupply: 'All AVAX in existence.',
  totalPBurned: 'AVAX burned on the P-Chain: fees (including inputs that exceeded outputs by more than the fee) and L1 validator fees.',
  totalCBurned: 'AVAX burned on the C-Chain, by EVM and atomic transactions.',
  totalXBurned: 'AVAX burned on the X-Chain as fees.',
  totalStaked: 'AVAX staked.',
  totalLocked: 'AVAX time-locked.',
  totalRewards: 'AVAX paid as staking rewards.',
  genesisUnlock: 'AVAX unlocked at genesis.',
  l1ValidatorFees: 'AVAX paid by L1 validators as continuous fees.',
} as const satisfies Partial<Record<keyof WireAvaxSupply, string>>;

export const AvaxSupply = builder.objectRef<WireAvaxSupply>('AvaxSupply').implement({
  description: 'The supply of AVAX on mainnet and where it is.',
  fields: (t) => ({
    ...Object.fromEntries(
      Object.entries(SUPPLY_FIELDS).map(([name, description]) => [
        name,
        t.field({ type: AvaxQuantity, description, resolve: (s) => s[name as keyof typeof SUPPLY_FIELDS] }),
      ]),
    ),
    lastUpdated: t.field({
      type: 'Timestamp',
      nullable: true,
      description: 'When the service last computed these figures; null when it sent no valid time.',
      resolve: (s) => {
        const ms = Date.parse(s.lastUpdated);
        return Number.isFinite(ms) && ms >= 0 ? Math.floor(ms / 1000) : null;
      },
    }),
  }),
});

builder.objectFields(Network, (t) => ({
  details: t.field({
    type: NetworkDetails,
    nullable: true,
    description: 'Validator and delegator counts and stake of this network (`GET /v1/networks/{network}`). Null, with an error, when the Data API fails.',
    extensions: { ...fieldGuard({ upstreamCost: 1 }), ...serves('data:getNetworkDetails') },
    resolve: (n, _, ctx) => ctx.upstreams.dataApi.primaryNetwork.getNetworkDetails(dataApiNetwork(n.name)),
  }),
  avaxSupply: t.field({
    type: AvaxSupply,
    nullable: true,
    description: 'The AVAX supply (`GET /v1/avax/supply`). The service reports mainnet only: null, without a call, on Fuji.',
    extensions: { ...fieldGuard({ upstreamCost: 1 }), ...serves('data:getAvaxSupply') },
    resolve: (n, _, ctx) => (networkKey(n.name) === MAIN_NETWORK ? ctx.upstreams.dataApi.avaxSupply.getAvaxSupply() : null),
  }),
}));
