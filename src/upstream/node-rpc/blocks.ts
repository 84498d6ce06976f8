/**
 * The blocks of an AvalancheGo chain served by the node itself (`platform.getBlock*` on the P-Chain,
 * `avm.getBlock*` on the X-Chain): one shape for both, by id or height, in the JSON encoding (the Go
 * struct) or the hex one (the codec bytes and a checksum). An accepted block never changes, so
 * answers stay in the shared cache; a block the node does not have is null.
 */
import { nullIfNotFound } from '../transport/errors.js';
import type { JsonRpcClient, RpcEndpoint } from '../transport/json-rpc.js';
import { TTL } from '../transport/ttl.js';
import type { WireEncoding, WireGetBlockReply } from './wire/xchain.js';

/** The answer of `getBlock`/`getTx` for an encoding: JSON as the Go struct, hex as a string. */
export type Encoded<E extends WireEncoding, T> = E extends 'json' ? T : string;

/** A block by id, or by height when no id is given. */
export interface BlockRef {
  id?: string;
  height?: bigint;
}

export class NodeBlocks<B> {
  constructor(
    private readonly rpc: JsonRpcClient,
    private readonly endpoint: RpcEndpoint,
    /** The method namespace: `platform` or `avm`. */
    private readonly api: string,
  ) {}

  /** `<api>.getBlock` by id, else `<api>.getBlockByHeight`; null when the node has no such block. */
  async get<E extends WireEncoding>(ref: BlockRef, encoding: E): Promise<Encoded<E, B> | null> {
    const call =
      ref.id !== undefined
        ? { method: `${this.api}.getBlock`, params: { blockID: ref.id, encoding } }
        : { method: `${this.api}.getBlockByHeight`, params: { height: String(ref.height ?? 0n), encoding } };
    const reply = await nullIfNotFound(this.rpc.call<WireGetBlockReply<Encoded<E, B>>>(this.endpoint, call, TTL.immutableLong));
    return reply === null ? null : reply.block;
  }
}
