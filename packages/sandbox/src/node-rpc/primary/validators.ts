/**
 * Current validators as the node reports them: `platform.getCurrentValidators` (primary-network
 * validators with rewards, fees, uptime and delegators; or an L1's validators with their
 * validation id, balance and owners) and `validators.getCurrentValidators` on an L1 chain.
 */
import { bech32Address, bytesToHex } from '@avalanche-graph/identity';
import { EMPTY_ID, WORLD_NOW } from '../../world/primary/index.js';
import type { Delegation, L1Validator, PrimaryNetwork, RewardOwner, Validator } from '../../world/primary/index.js';
import type { SandboxChain } from '../../world/chains.js';
import type { RpcMethod } from '../json-rpc.js';
import { argsOf, nodeIdsArg, serverError } from './params.js';

/** AvalancheGo's JSON float: a string with four decimals. */
function float4(value: number): string {
  return value.toFixed(4);
}

function apiOwner(net: PrimaryNetwork, owner: RewardOwner): Record<string, unknown> {
  return { locktime: owner.locktime.toString(), threshold: String(owner.threshold), addresses: owner.addrs.map((a) => bech32Address('P', net.hrp, a.bytes)) };
}

function activeDelegations(net: PrimaryNetwork, v: Validator): Delegation[] {
  return net.delegations.filter((d) => d.period === v.current && d.status === 'active');
}

/** The fee share of delegation rewards earned so far (accrues linearly over each delegation). */
function accruedDelegateeReward(delegations: Delegation[]): bigint {
  return delegations.reduce((sum, d) => sum + (d.feeReward * BigInt(WORLD_NOW - d.start)) / BigInt(d.end - d.start), 0n);
}

function primaryValidator(net: PrimaryNetwork, v: Validator, withDelegators: boolean): Record<string, unknown> {
  const p = v.current;
  const delegations = activeDelegations(net, v);
  const body: Record<string, unknown> = {
    txID: p.txId,
    startTime: String(p.start),
    endTime: String(p.end),
    weight: p.stake.toString(),
    nodeID: v.nodeId,
    validationRewardOwner: apiOwner(net, p.validationRewardOwner),
    delegationRewardOwner: apiOwner(net, p.delegationRewardOwner),
    potentialReward: p.potentialReward.toString(),
    accruedDelegateeReward: accruedDelegateeReward(delegations).toString(),
    delegationFee: float4(p.shares / 10_000),
    uptime: float4(v.uptime),
    connected: v.connected,
  };
  if (p.signer) body.signer = { publicKey: bytesToHex(p.signer.publicKey), proofOfPossession: bytesToHex(p.signer.proofOfPossession) };
  body.delegatorCount = String(delegations.length);
  body.delegatorWeight = delegations.reduce((s, d) => s + d.amount, 0n).toString();
  if (withDelegators) {
    body.delegators = delegations.map((d) => ({
      txID: d.txId,
      startTime: String(d.start),
      endTime: String(d.end),
      weight: d.amount.toString(),
      nodeID: d.nodeId,
      rewardOwner: apiOwner(net, d.rewardOwner),
      potentialReward: d.grossReward.toString(),
    }));
  }
  return body;
}

function l1Validator(net: PrimaryNetwork, v: L1Validator): Record<string, unknown> {
  return {
    nodeID: v.nodeId,
    weight: v.weight.toString(),
    startTime: String(v.startTime),
    validationID: v.validationId,
    publicKey: bytesToHex(v.publicKey),
    remainingBalanceOwner: apiOwner(net, v.remainingBalanceOwner),
    deactivationOwner: apiOwner(net, v.deactivationOwner),
    minNonce: v.minNonce.toString(),
    balance: v.balance.toString(),
  };
}

export function currentValidators(net: PrimaryNetwork, subnetId: string, nodeIds: string[]): Record<string, unknown>[] {
  const wanted = new Set(nodeIds);
  const all = wanted.size === 0;
  if (subnetId === EMPTY_ID) {
    const validators = net.validators.filter((v) => all || wanted.has(v.nodeId)).sort((a, b) => a.current.end - b.current.end || (a.current.txId < b.current.txId ? -1 : 1));
    return validators.map((v) => primaryValidator(net, v, wanted.size === 1));
  }
  return net.l1Validators
    .filter((v) => v.subnetId === subnetId && (all || wanted.has(v.nodeId)))
    .sort((a, b) => (a.validationId < b.validationId ? -1 : 1))
    .map((v) => l1Validator(net, v));
}

/** `validators.getCurrentValidators` of an L1, served on `/ext/bc/{blockchainId}/validators`. */
export function l1ValidatorsMethods(netOf: () => PrimaryNetwork, chain: SandboxChain): Record<string, RpcMethod> {
  return {
    'validators.getCurrentValidators': (params) => {
      const net = netOf();
      const nodeIds = nodeIdsArg(argsOf(params), 'nodeIDs');
      const own = net.l1Validators.filter((v) => v.blockchainId === chain.blockchainId);
      for (const nodeId of nodeIds) if (!own.some((v) => v.nodeId === nodeId)) throw serverError(`couldn't find validator with node ID ${nodeId}`);
      const selected = nodeIds.length === 0 ? own : own.filter((v) => nodeIds.includes(v.nodeId));
      return {
        validators: selected.map((v) => ({
          validationID: v.validationId,
          nodeID: v.nodeId,
          weight: Number(v.weight),
          startTimestamp: v.startTime,
          isActive: v.balance > 0n,
          isL1Validator: true,
          isConnected: v.connected,
          uptimePercentage: v.uptimePercentage,
          uptimeSeconds: v.uptimeSeconds,
        })),
      };
    },
  };
}
