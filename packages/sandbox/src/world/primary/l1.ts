/**
 * Validators of the L1s (converted subnets): each has a validation id, a BLS key, a weight in the
 * L1's own units and a P-Chain balance that pays its continuous fee (zero when it ran out, which
 * makes it inactive).
 */
import { cb58Encode, nodeIdFromBytes } from '@avalanche-graph/identity';
import type { Rng } from '../rng.js';
import { AVAX, DAY, WORLD_NOW } from './constants.js';
import { amountBetween, pickWallet, type NetworkContext } from './context.js';
import { singleOwner } from './ledger.js';
import { blsKey } from './staking.js';
import type { BlockchainRecord, L1Validator } from './types.js';

/** When each L1's subnet was converted, and its validators (the first ones joined at conversion). */
export interface L1Conversion {
  blockchain: BlockchainRecord;
  time: number;
  validators: L1Validator[];
}

export function createL1Validators(ctx: NetworkContext, rng: Rng, blockchains: BlockchainRecord[]): L1Conversion[] {
  return blockchains
    .filter((b) => b.chain && !b.chain.isCChain)
    .map((blockchain) => {
      const time = blockchain.createdTime + rng.int(DAY, 20 * DAY);
      const validators = Array.from({ length: rng.int(3, 7) }, (_, i): L1Validator => {
        const startTime = i < 2 ? time : Math.min(time + rng.int(DAY, 90 * DAY), WORLD_NOW - DAY);
        const active = i < 2 || rng.chance(0.8);
        const uptimePercentage = Math.round((active ? 95 + rng.next() * 5 : 20 + rng.next() * 40) * 100) / 100;
        const owner = pickWallet(rng, ctx).key;
        return {
          validationId: cb58Encode(rng.bytes(32)),
          nodeId: nodeIdFromBytes(rng.bytes(20)),
          subnetId: blockchain.subnetId,
          blockchainId: blockchain.id,
          publicKey: blsKey(rng).publicKey,
          weight: BigInt(rng.int(20, 500)),
          startTime,
          balance: active ? amountBetween(rng, AVAX / 2n, 25n * AVAX, 1_000n) : 0n,
          minNonce: BigInt(rng.int(0, 4)),
          remainingBalanceOwner: singleOwner(owner),
          deactivationOwner: singleOwner(rng.chance(0.7) ? owner : pickWallet(rng, ctx).key),
          connected: active && rng.chance(0.9),
          uptimeSeconds: Math.floor(((WORLD_NOW - startTime) * uptimePercentage) / 100),
          uptimePercentage,
        };
      });
      return { blockchain, time, validators };
    });
}
