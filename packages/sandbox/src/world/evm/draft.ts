/**
 * A transaction being assembled by a builder: what it calls, the events it emits and the value it
 * moves. The generator turns a draft into an `EvmTransaction` (hash, nonce, fees, log indexes).
 */
import { TOPICS } from './constants.js';
import { data, topic } from './abi.js';
import type { EvmMethod, InternalCall, NftStandard } from './types.js';

export interface DraftLog {
  address: string;
  topics: string[];
  data: string;
}

export interface DraftErc20 {
  token: string;
  from: string;
  to: string;
  value: bigint;
  /** Position of the log within the transaction. */
  pos: number;
}

export interface DraftNft {
  collection: string;
  standard: NftStandard;
  tokenId: string;
  from: string;
  to: string;
  value: bigint;
  pos: number;
}

export class TxDraft {
  readonly logs: DraftLog[] = [];
  readonly erc20: DraftErc20[] = [];
  readonly nft: DraftNft[] = [];
  readonly internal: InternalCall[] = [];
  /** Pre-assigned hash (ICM transactions are planned before their chain exists). */
  hash?: string;
  icm?: { messageId: string; direction: 'SOURCE_TRANSACTION' | 'DESTINATION_TRANSACTION' };
  /** Deployed code for a contract creation. */
  code?: string;

  constructor(
    readonly from: string,
    readonly to: string | null,
    readonly value: bigint,
    readonly input: string,
    readonly method: EvmMethod,
    readonly gasUsed: bigint,
    readonly gasLimit: bigint,
    readonly failed: boolean,
  ) {}

  log(address: string, topics: string[], logData = '0x'): number {
    this.logs.push({ address, topics, data: logData });
    return this.logs.length - 1;
  }

  erc20Transfer(token: string, from: string, to: string, value: bigint): void {
    const pos = this.log(token, [TOPICS.transfer, topic(from), topic(to)], data(value));
    this.erc20.push({ token, from, to, value, pos });
  }

  erc721Transfer(collection: string, from: string, to: string, tokenId: string): void {
    const pos = this.log(collection, [TOPICS.transfer, topic(from), topic(to), topic(BigInt(tokenId))]);
    this.nft.push({ collection, standard: 'ERC-721', tokenId, from, to, value: 1n, pos });
  }

  erc1155Transfer(collection: string, operator: string, from: string, to: string, tokenId: string, value: bigint): void {
    const pos = this.log(collection, [TOPICS.transferSingle, topic(operator), topic(from), topic(to)], data(BigInt(tokenId), value));
    this.nft.push({ collection, standard: 'ERC-1155', tokenId, from, to, value, pos });
  }
}

export const NATIVE_TRANSFER_METHOD: EvmMethod = { callType: 'NATIVE_TRANSFER', methodHash: '', methodName: 'Native Transfer' };
export const CONTRACT_CREATION_METHOD: EvmMethod = { callType: 'CONTRACT_CREATION', methodHash: '', methodName: 'Contract Created' };
