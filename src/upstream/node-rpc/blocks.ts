/**
 * The blocks of an AvalancheGo chain served by the node itself (`platform.getBlock*` on the P-Chain,
 * `avm.getBlock*` on the X-Chain): one shape for both, by id or height, in the JSON encoding (the Go
 * struct, decoded as a view: see txs.ts) or the hex one (the codec bytes and a checksum). An accepted
 * block never changes, so answers stay in the shared cache, as the node sent them; a block the node
 * does not have is null.
 */
import { nullIfNotFound } from '../transport/errors.js';
import type { JsonRpcClient, RpcEndpoint } from '../transport/json-rpc.js';
import { TTL } from '../transport/ttl.js';
import { wireInt, wireUint } from './codec.js';
import { NodeBytes, PTx, XTx } from './txs.js';
import type { WirePBlock } from './wire/pchain.js';
import type { WireEncoding, WireGetBlockReply, WireUint, WireXBlock } from './wire/xchain.js';

/** The answer of `getBlock`/`getTx` for an encoding: JSON decoded as `T`, hex as its bytes (`H`). */
export type Encoded<E extends WireEncoding, T, H extends NodeBytes = NodeBytes> = E extends 'json' ? T : H;

/** A block by id, or by height when no id is given. */
export interface BlockRef {
  id?: string;
  height?: bigint;
}

/** The members every AvalancheGo block's JSON has. */
interface WireNodeBlock {
  id: string;
  parentID: string;
  height: WireUint;
  time?: WireUint;
}

/** A block as JSON: what every AvalancheGo block has. */
export class NodeBlock<W extends WireNodeBlock = WireNodeBlock> {
  constructor(readonly wire: W) {}

  get id(): string {
    return this.wire.id;
  }

  get parentId(): string {
    return this.wire.parentID;
  }

  get height(): bigint | null {
    return wireUint(this.wire.height);
  }

  /** Unix seconds; null when the block carries no time (P-Chain blocks before Banff). */
  get timestamp(): number | null {
    return wireInt(this.wire.time);
  }
}

/** An X-Chain block (linear, since Cortina) as JSON. */
export class XBlock extends NodeBlock<WireXBlock> {
  get merkleRoot(): string | null {
    return this.wire.merkleRoot ?? null;
  }

  get txs(): XTx[] {
    return (this.wire.txs ?? []).map((tx) => new XTx(tx));
  }
}

/** A P-Chain block as JSON: a proposal block's tx comes after a standard block's txs. */
export class PBlock extends NodeBlock<WirePBlock> {
  get txs(): PTx[] {
    return [...(this.wire.txs ?? []), ...(this.wire.tx ? [this.wire.tx] : [])].map((tx) => new PTx(tx));
  }
}

export class NodeBlocks<B extends NodeBlock, W = B['wire']> {
  constructor(
    private readonly rpc: JsonRpcClient,
    private readonly endpoint: RpcEndpoint,
    /** The method namespace: `platform` or `avm`. */
    private readonly api: string,
    private readonly decode: (wire: W) => B,
  ) {}

  /** `<api>.getBlock` by id, else `<api>.getBlockByHeight`; null when the node has no such block. */
  async get<E extends WireEncoding>(ref: BlockRef, encoding: E): Promise<Encoded<E, B> | null> {
    const call =
      ref.id !== undefined
        ? { method: `${this.api}.getBlock`, params: { blockID: ref.id, encoding } }
        : { method: `${this.api}.getBlockByHeight`, params: { height: String(ref.height ?? 0n), encoding } };
    const reply = await nullIfNotFound(this.rpc.call<WireGetBlockReply<W | string>>(this.endpoint, call, TTL.immutableLong));
    if (reply === null) return null;
    return (encoding === 'json' ? this.decode(reply.block as W) : new NodeBytes(reply.block as string)) as Encoded<E, B>;
  }
}
