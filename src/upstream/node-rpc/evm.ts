/**
 * Typed `eth_*` reads of one EVM chain's node endpoint (the C-Chain's `/ext/bc/C/rpc`, an L1's own
 * RPC URL): each method builds its JSON-RPC call and decodes the wire answer (hex quantities, Go
 * big.Int numbers) into exact values. How calls travel is the caller's choice (`EvmRpcSend`):
 * `NodeRpcClients` batches every call of one tick into one JSON-RPC batch request. A block the
 * node does not have is null; a method it does not serve fails with kind `unsupported`.
 */
import { nullIfNotFound, UpstreamError } from '../transport/errors.js';
import type { RpcCall } from '../transport/json-rpc.js';
import {
  PRECOMPILE_ADDRESSES,
  type WireActivePrecompiles,
  type WireActiveRules,
  type WireChainConfig,
  type WireFeeConfigResult,
  type WireHexQuantity,
} from './wire/evm.js';
import { TTL } from '../transport/ttl.js';

export const BLOCK_TAGS = ['latest', 'earliest', 'safe', 'finalized', 'pending'] as const;
export type BlockTag = (typeof BLOCK_TAGS)[number];

/** Which block a state read looks at. */
export type BlockSelector = { tag: BlockTag } | { number: bigint } | { hash: string };

/**
 * Sends one call and resolves with its `result` (or rejects with the call's UpstreamError).
 * `ttlMs` > 0 allows the answer to be kept in the shared cache that long.
 */
export type EvmRpcSend = (call: RpcCall, ttlMs: number) => Promise<unknown>;

export interface EvmFeeConfig {
  gasLimit: bigint;
  targetBlockRate: bigint;
  minBaseFee: bigint;
  targetGas: bigint;
  baseFeeChangeDenominator: bigint;
  minBlockGasCost: bigint;
  maxBlockGasCost: bigint;
  blockGasCostStep: bigint;
  /** Block number of the last fee-manager change; 0 when the genesis config still applies. */
  lastChangedAt: bigint;
}

export interface EvmActivePrecompile {
  /** Config key, e.g. `feeManagerConfig`. */
  key: string;
  /** The precompile's fixed address, when the key is a known one. */
  address: string | null;
  /** Unix seconds of the activation, when the node reports it. */
  timestamp: number | null;
}

export interface EvmActiveRules {
  /** The chain id geth's rules carry, when reported. */
  chainId: bigint | null;
  /** geth's rule flags by Go name (`IsLondon`, ...). */
  ethRules: Record<string, boolean>;
  /** The VM's Avalanche rule flags by Go name (`IsDurango`, ...). */
  avalancheRules: Record<string, boolean>;
  precompiles: EvmActivePrecompile[];
}

const FEE_FIELDS = [
  'gasLimit',
  'targetBlockRate',
  'minBaseFee',
  'targetGas',
  'baseFeeChangeDenominator',
  'minBlockGasCost',
  'maxBlockGasCost',
  'blockGasCostStep',
] as const;

export class EvmRpc {
  constructor(
    private readonly send: EvmRpcSend,
    /** The endpoint's route template, for errors. */
    private readonly template: string,
  ) {}

  /** `eth_blockNumber`: the last accepted block. */
  async blockNumber(): Promise<bigint> {
    const answer = await this.send({ method: 'eth_blockNumber', params: [] }, 0);
    return this.quantity('eth_blockNumber', answer as WireHexQuantity);
  }

  /** `eth_getBalance`: the native balance in wei at a block; null when the node has no such block. */
  async getBalance(address: string, block: BlockSelector): Promise<bigint | null> {
    const answer = await nullIfNotFound(this.send({ method: 'eth_getBalance', params: [address.toLowerCase(), blockParam(block)] }, blockTtl(block)));
    return answer === null ? null : this.quantity('eth_getBalance', answer as WireHexQuantity);
  }

  /** `eth_feeConfig` (subnet-EVM): the fee config in force at a block (the latest when omitted). */
  async feeConfig(block?: BlockSelector): Promise<EvmFeeConfig> {
    const params = block ? [blockParam(block)] : [];
    const answer = (await this.send({ method: 'eth_feeConfig', params }, block ? blockTtl(block) : 0)) as WireFeeConfigResult;
    if (!answer || typeof answer !== 'object' || !answer.feeConfig || typeof answer.feeConfig !== 'object') {
      throw this.malformed('eth_feeConfig', 'no feeConfig object');
    }
    const out = { lastChangedAt: this.integer('eth_feeConfig', answer.lastChangedAt ?? 0) } as EvmFeeConfig;
    for (const field of FEE_FIELDS) out[field] = this.integer('eth_feeConfig', answer.feeConfig[field]);
    return out;
  }

  /** `eth_getChainConfig`: the chain config JSON; it changes only with a node upgrade. */
  async chainConfig(): Promise<WireChainConfig> {
    const answer = await this.send({ method: 'eth_getChainConfig', params: [] }, TTL.immutable);
    if (!answer || typeof answer !== 'object' || Array.isArray(answer)) throw this.malformed('eth_getChainConfig', 'not an object');
    return answer as WireChainConfig;
  }

  /** `eth_getActiveRulesAt` (subnet-EVM): rules and precompiles at a time (the latest block's when omitted). */
  async activeRulesAt(timestamp?: number): Promise<EvmActiveRules> {
    const answer = (await this.send(
      { method: 'eth_getActiveRulesAt', params: timestamp === undefined ? [] : [timestamp] },
      timestamp === undefined ? 0 : TTL.immutable,
    )) as WireActiveRules;
    if (!answer || typeof answer !== 'object') throw this.malformed('eth_getActiveRulesAt', 'not an object');
    const eth = answer.ethRules ?? {};
    return {
      chainId: eth.ChainID === undefined || eth.ChainID === null ? null : this.integer('eth_getActiveRulesAt', eth.ChainID),
      ethRules: flags(eth),
      avalancheRules: flags(answer.avalancheRules ?? {}),
      precompiles: Object.entries(answer.precompiles ?? {}).map(([key, value]) => ({
        key,
        address: PRECOMPILE_ADDRESSES[key] ?? null,
        timestamp: typeof value?.timestamp === 'number' ? value.timestamp : null,
      })),
    };
  }

  /** `eth_getActivePrecompilesAt` (subnet-EVM, deprecated there in favour of the rules). */
  async activePrecompilesAt(timestamp?: number): Promise<WireActivePrecompiles> {
    const answer = await this.send(
      { method: 'eth_getActivePrecompilesAt', params: timestamp === undefined ? [] : [timestamp] },
      timestamp === undefined ? 0 : TTL.immutable,
    );
    if (!answer || typeof answer !== 'object' || Array.isArray(answer)) throw this.malformed('eth_getActivePrecompilesAt', 'not an object');
    return answer as WireActivePrecompiles;
  }

  private malformed(method: string, why: string): UpstreamError {
    return new UpstreamError({ service: 'node-rpc', kind: 'invalid-json', route: `POST ${this.template} ${method}`, upstreamMessage: why });
  }

  private quantity(method: string, value: unknown): bigint {
    if (typeof value !== 'string' || !/^0x[0-9a-fA-F]+$/.test(value)) throw this.malformed(method, 'not a hex quantity');
    return BigInt(value);
  }

  /** A Go integer field: a JSON number (exact only up to 2^53, as JSON.parse reads it) or a decimal/hex string. */
  private integer(method: string, value: unknown): bigint {
    if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
    if (typeof value === 'string' && /^(\d+|0x[0-9a-fA-F]+)$/.test(value)) return BigInt(value);
    throw this.malformed(method, 'not an integer');
  }
}

/** The wire form of a block selector: a tag, a 0x block number or a block hash. */
function blockParam(block: BlockSelector): string {
  if ('tag' in block) return block.tag;
  if ('number' in block) return `0x${block.number.toString(16)}`;
  return block.hash;
}

/** A read at a fixed block never changes (Avalanche blocks are final once accepted); tags move. */
function blockTtl(block: BlockSelector): number {
  return 'tag' in block ? 0 : TTL.immutable;
}

function flags(rules: Record<string, unknown>): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const [name, value] of Object.entries(rules)) if (typeof value === 'boolean') out[name] = value;
  return out;
}
