/**
 * The X-Chain API of an AvalancheGo node (`avm.*` on `/ext/bc/X`): one method per RPC method, typed
 * params and decoded answers (integers as bigint, or number where bounded; txs and blocks as views
 * over their JSON, see txs.ts). Immutable answers (txs and blocks by id, asset descriptions) stay in
 * the shared cache as the node sent them; moving ones (height, balances, UTXOs, status) are only
 * shared per operation.
 */
import { nullIfNotFound, UpstreamError } from '../transport/errors.js';
import { NodeBlocks, XBlock, type Encoded } from './blocks.js';
import type { JsonRpcClient, RpcEndpoint } from '../transport/json-rpc.js';
import type {
  WireAssetDescription,
  WireEncoding,
  WireGetAllBalancesReply,
  WireGetBalanceReply,
  WireGetTxReply,
  WireGetUtxosParams,
  WireGetUtxosReply,
  WireHeightReply,
  WireTxFeeReply,
  WireTxStatusReply,
  WireUtxoIndex,
  WireXTx,
} from './wire/xchain.js';
import { decodeUtxo, utxoRefOf, wireInt, wireUint, type DecodedUtxo, type NodeUtxoRef } from './codec.js';
import { XTx, XTxBytes } from './txs.js';
import { TTL } from '../transport/ttl.js';

const X_CHAIN: RpcEndpoint = { template: '/ext/bc/X' };

/** `avm.getUTXOs` answers at most this many UTXOs per call. */
export const UTXO_PAGE_MAX = 1024;


/** Where `avm.getUTXOs` stopped (an address and a UTXO id); passed back to continue. */
export type UtxoIndex = WireUtxoIndex;

export interface UtxoPage {
  utxos: DecodedUtxo[];
  numFetched: number;
  endIndex: UtxoIndex;
}

/** The X-Chain's static fees, in nAVAX; null where the node sent no integer. */
export interface XTxFee {
  txFee: bigint | null;
  createAssetTxFee: bigint | null;
}

/** An asset as the node describes it. */
export interface XAssetDescription {
  assetId: string;
  name: string;
  symbol: string;
  /** Null where the node sent no integer. */
  denomination: number | null;
}

/** An amount of one asset (by id, or the node's alias such as "AVAX"); null where the node sent no integer. */
export interface XBalance {
  assetId: string;
  balance: bigint | null;
}

/** `avm.getBalance`: the amount and the UTXOs that make it up. */
export interface XAssetBalance {
  balance: bigint | null;
  utxoIds: NodeUtxoRef[];
}

export class XChainRpc {
  /** `avm.getBlock` and `avm.getBlockByHeight` (linear blocks, since Cortina). */
  readonly blocks: NodeBlocks<XBlock>;

  constructor(
    private readonly rpc: JsonRpcClient,
    /** The network's bech32 prefix (`avax`, `fuji`), for the addresses decoded from UTXO bytes. */
    private readonly hrp: string,
  ) {
    this.blocks = new NodeBlocks(rpc, X_CHAIN, 'avm', (wire) => new XBlock(wire));
  }

  /** `avm.getHeight`: height of the last accepted block. */
  async getHeight(): Promise<bigint> {
    const reply = await this.rpc.call<WireHeightReply>(X_CHAIN, { method: 'avm.getHeight', params: {} });
    return required(wireUint(reply?.height), 'avm.getHeight', 'height');
  }

  /** `avm.getTxFee`: the static fees, in nAVAX (null when the node answers null). */
  async getTxFee(): Promise<XTxFee | null> {
    const reply = await this.rpc.call<WireTxFeeReply | null>(X_CHAIN, { method: 'avm.getTxFee', params: {} }, TTL.registry);
    return reply && { txFee: wireUint(reply.txFee), createAssetTxFee: wireUint(reply.createAssetTxFee) };
  }

  /** `avm.getTx`: the JSON as a view, or the hex bytes; null when the node knows no such transaction. */
  async getTx<E extends WireEncoding>(txId: string, encoding: E): Promise<Encoded<E, XTx, XTxBytes> | null> {
    const reply = await nullIfNotFound(
      this.rpc.call<WireGetTxReply<WireXTx | string>>(X_CHAIN, { method: 'avm.getTx', params: { txID: txId, encoding } }, TTL.immutableLong),
    );
    if (reply === null) return null;
    return (encoding === 'json' ? new XTx(reply.tx as WireXTx) : new XTxBytes(reply.tx as string)) as Encoded<E, XTx, XTxBytes>;
  }

  /** `avm.getTxStatus` (deprecated by AvalancheGo v1.10.0). */
  async getTxStatus(txId: string): Promise<string> {
    const reply = await this.rpc.call<WireTxStatusReply>(X_CHAIN, { method: 'avm.getTxStatus', params: { txID: txId } });
    return reply.status;
  }

  /**
   * `avm.getAssetDescription`: an asset by id or alias; immutable, cached across operations. Null
   * when no such asset exists (including the id of a transaction that created none).
   */
  async getAssetDescription(assetId: string): Promise<XAssetDescription | null> {
    const reply = await nullIfNotFound(this.rpc.call<WireAssetDescription | null>(X_CHAIN, { method: 'avm.getAssetDescription', params: { assetID: assetId } }, TTL.immutableLong));
    return reply && { assetId: reply.assetID, name: reply.name, symbol: reply.symbol, denomination: wireInt(reply.denomination) };
  }

  /** `avm.getAllBalances` (deprecated by AvalancheGo v1.9.12). */
  async getAllBalances(address: string): Promise<XBalance[]> {
    const reply = await this.rpc.call<WireGetAllBalancesReply>(X_CHAIN, { method: 'avm.getAllBalances', params: { address } });
    return (reply.balances ?? []).map((b) => ({ assetId: b.asset, balance: wireUint(b.balance) }));
  }

  /** `avm.getBalance` (deprecated by AvalancheGo v1.9.12). */
  async getBalance(address: string, assetId: string): Promise<XAssetBalance> {
    const reply = await this.rpc.call<WireGetBalanceReply>(X_CHAIN, { method: 'avm.getBalance', params: { address, assetID: assetId } });
    return { balance: wireUint(reply.balance), utxoIds: (reply.utxoIDs ?? []).map(utxoRefOf) };
  }

  /** `avm.getUTXOs`: one page, the UTXOs decoded from their codec bytes. */
  async getUTXOs(params: Omit<WireGetUtxosParams, 'encoding'>): Promise<UtxoPage> {
    const limit = Math.min(params.limit ?? UTXO_PAGE_MAX, UTXO_PAGE_MAX);
    const wire: WireGetUtxosParams = { ...params, limit, encoding: 'hex' };
    const reply = await this.rpc.call<WireGetUtxosReply>(X_CHAIN, { method: 'avm.getUTXOs', params: wire });
    let utxos: DecodedUtxo[];
    try {
      utxos = (reply.utxos ?? []).map((u) => decodeUtxo(u, 'X', this.hrp));
    } catch (error) {
      throw new UpstreamError({ service: 'node-rpc', kind: 'invalid-json', route: 'POST /ext/bc/X avm.getUTXOs', upstreamMessage: (error as Error).message });
    }
    const numFetched = Number(wireUint(reply.numFetched) ?? utxos.length);
    return { utxos, numFetched, endIndex: reply.endIndex };
  }
}

function required(value: bigint | null, method: string, member: string): bigint {
  if (value === null) {
    throw new UpstreamError({ service: 'node-rpc', kind: 'invalid-json', route: `POST ${X_CHAIN.template} ${method}`, upstreamMessage: `no ${member} in the answer` });
  }
  return value;
}
