/**
 * The X-Chain API of an AvalancheGo node (`avm.*` on `/ext/bc/X`): one method per RPC method, typed
 * params and answers. Immutable answers (txs and blocks by id, asset descriptions) stay in the
 * shared cache; moving ones (height, balances, UTXOs, status) are only shared per operation.
 */
import { nullIfNotFound, UpstreamError } from '../transport/errors.js';
import { NodeBlocks, type Encoded } from './blocks.js';
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
  WireXBlock,
  WireXTx,
} from './wire/xchain.js';
import { decodeUtxo, wireUint, type DecodedUtxo } from './codec.js';
import { TTL } from '../transport/ttl.js';

const X_CHAIN: RpcEndpoint = { template: '/ext/bc/X' };

/** `avm.getUTXOs` answers at most this many UTXOs per call. */
export const UTXO_PAGE_MAX = 1024;


export interface UtxoPage {
  utxos: DecodedUtxo[];
  numFetched: number;
  endIndex: WireUtxoIndex;
}

export class XChainRpc {
  /** `avm.getBlock` and `avm.getBlockByHeight` (linear blocks, since Cortina). */
  readonly blocks: NodeBlocks<WireXBlock>;

  constructor(
    private readonly rpc: JsonRpcClient,
    /** The network's bech32 prefix (`avax`, `fuji`), for the addresses decoded from UTXO bytes. */
    private readonly hrp: string,
  ) {
    this.blocks = new NodeBlocks(rpc, X_CHAIN, 'avm');
  }

  /** `avm.getHeight`: height of the last accepted block. */
  async getHeight(): Promise<bigint> {
    const reply = await this.rpc.call<WireHeightReply>(X_CHAIN, { method: 'avm.getHeight', params: {} });
    return required(wireUint(reply?.height), 'avm.getHeight', 'height');
  }

  /** `avm.getTxFee`: the static fees, in nAVAX. */
  getTxFee(): Promise<WireTxFeeReply> {
    return this.rpc.call<WireTxFeeReply>(X_CHAIN, { method: 'avm.getTxFee', params: {} }, TTL.registry);
  }

  /** `avm.getTx`; null when the node knows no such transaction. */
  async getTx<E extends WireEncoding>(txId: string, encoding: E): Promise<Encoded<E, WireXTx> | null> {
    const reply = await nullIfNotFound(
      this.rpc.call<WireGetTxReply<Encoded<E, WireXTx>>>(X_CHAIN, { method: 'avm.getTx', params: { txID: txId, encoding } }, TTL.immutableLong),
    );
    return reply === null ? null : reply.tx;
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
  getAssetDescription(assetId: string): Promise<WireAssetDescription | null> {
    return nullIfNotFound(this.rpc.call<WireAssetDescription>(X_CHAIN, { method: 'avm.getAssetDescription', params: { assetID: assetId } }, TTL.immutableLong));
  }

  /** `avm.getAllBalances` (deprecated by AvalancheGo v1.9.12). */
  getAllBalances(address: string): Promise<WireGetAllBalancesReply> {
    return this.rpc.call<WireGetAllBalancesReply>(X_CHAIN, { method: 'avm.getAllBalances', params: { address } });
  }

  /** `avm.getBalance` (deprecated by AvalancheGo v1.9.12). */
  getBalance(address: string, assetId: string): Promise<WireGetBalanceReply> {
    return this.rpc.call<WireGetBalanceReply>(X_CHAIN, { method: 'avm.getBalance', params: { address, assetID: assetId } });
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
