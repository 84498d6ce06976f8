/**
 * What P-Chain and X-Chain blocks share, written once: the shape (asked for by id or height, holding
 * the JSON or the hex encoding, whichever the selection needs), the fetch that returns null for a
 * block the node does not have, and the fields every AvalancheGo block has (id, parent, height,
 * time, raw bytes). Each chain's file adds its own transactions.
 */
import type { GraphQLResolveInfo } from 'graphql';
import type { SchemaTypes } from '../../builder.js';
import type { Context } from '../../context.js';
import { notFound } from '../../errors.js';
import type { NetworkKey } from '@avalanche-graph/identity';
import type { NodeBlock, NodeBlocks } from '../../upstream/node-rpc/blocks.js';
import type { NodeBytes } from '../../upstream/node-rpc/txs.js';
import { blockRefArg, selectsOnly } from '../common/node-args.js';

export interface NodeBlockShape<B extends NodeBlock> {
  network: NetworkKey;
  /** How it was asked for: by id or by height. */
  id?: string;
  height?: bigint;
  json?: B;
  hex?: NodeBytes;
}

/** Fields that can be answered from the hex encoding alone (which alone is fetched when only they are selected). */
const HEX_FIELDS: ReadonlySet<string> = new Set(['id', 'raw']);

type FieldBuilder<B extends NodeBlock> = PothosSchemaTypes.ObjectFieldBuilder<PothosSchemaTypes.ExtendDefaultTypes<SchemaTypes>, NodeBlockShape<B>>;

export class NodeBlockReader<B extends NodeBlock> {
  constructor(
    /** The chain's name in messages (`P-Chain`, `X-Chain`). */
    private readonly chain: string,
    private readonly blocks: (ctx: Context, network: NetworkKey) => NodeBlocks<B>,
  ) {}

  /** The block's JSON, fetched when the shape came without it (the same call once per operation). */
  async json(b: NodeBlockShape<B>, ctx: Context): Promise<B> {
    if (b.json) return b.json;
    return this.present(b, await this.blocks(ctx, b.network).get(b, 'json'));
  }

  async hex(b: NodeBlockShape<B>, ctx: Context): Promise<NodeBytes> {
    if (b.hex) return b.hex;
    return this.present(b, await this.blocks(ctx, b.network).get(b, 'hex'));
  }

  /** A block in the encoding the selection needs; null when the chain has no such block. */
  async fetch(ctx: Context, b: NodeBlockShape<B>, info: GraphQLResolveInfo): Promise<NodeBlockShape<B> | null> {
    const blocks = this.blocks(ctx, b.network);
    if (selectsOnly(info, HEX_FIELDS)) {
      const hex = await blocks.get(b, 'hex');
      return hex === null ? null : { ...b, hex };
    }
    const json = await blocks.get(b, 'json');
    return json === null ? null : { ...b, json };
  }

  /** The fields every AvalancheGo block has; `parent` is of the block's own type. */
  commonFields(t: FieldBuilder<B>, self: unknown, text: { parentId: string; parent: string; timestamp: string }) {
    return {
      id: t.string({
        description: 'Block id (cb58).',
        resolve: async (b, _, ctx) => b.json?.id ?? b.id ?? (b.hex ? b.hex.id : (await this.json(b, ctx)).id),
      }),
      parentId: t.string({ description: text.parentId, resolve: async (b, _, ctx) => (await this.json(b, ctx)).parentId }),
      parent: t.field({
        type: self as never,
        nullable: true,
        description: text.parent,
        resolve: async (b, _, ctx, info) => this.fetch(ctx, { network: b.network, id: (await this.json(b, ctx)).parentId }, info) as never,
      }),
      height: t.field({ type: 'BigInt', nullable: true, description: 'Block height.', resolve: async (b, _, ctx) => (await this.json(b, ctx)).height }),
      timestamp: t.field({ type: 'Timestamp', nullable: true, description: text.timestamp, resolve: async (b, _, ctx) => (await this.json(b, ctx)).timestamp }),
      raw: t.string({
        description: 'The block bytes in the node\'s hex encoding (0x, codec bytes and a 4-byte checksum).',
        resolve: async (b, _, ctx) => (await this.hex(b, ctx)).raw,
      }),
    };
  }

  /** The chain's `block` field (on `PChain`, `XChain`): a block of `type` by id or by height, exactly one. */
  blockField<P extends { network: NetworkKey }>(t: PothosSchemaTypes.ObjectFieldBuilder<PothosSchemaTypes.ExtendDefaultTypes<SchemaTypes>, P>, type: unknown) {
    return t.checkedField({
      type: type as never,
      nullable: true,
      description: 'A block by id or by height (give exactly one); null when the chain has no such block.',
      args: {
        id: t.arg.string({ required: false, description: 'Block id (cb58).' }),
        height: t.arg({ type: 'BigInt', required: false, description: 'Block height.' }),
      },
      check: blockRefArg,
      resolve: (p, ref, _args, ctx, info) => this.fetch(ctx, { network: p.network, ...ref }, info) as never,
    });
  }

  private present<T>(b: NodeBlockShape<B>, value: T | null): T {
    if (value === null) throw notFound(`The ${this.chain} node no longer has block ${b.id ?? String(b.height)}`);
    return value;
  }
}
