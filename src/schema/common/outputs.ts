/**
 * Output owners, UTXO references and UTXO credentials: the small types every primary-network chain
 * shares.
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import { builder } from '../../builder.js';
import { utxoId } from '../../upstream/node-rpc/codec.js';

export interface OwnersShape {
  locktime: bigint | null;
  threshold: number | null;
  addresses: string[];
}

/** An integer of the Data API as a bigint: a JSON number, or a decimal string past 2^53 (`parseExact`); null when it is none. */
function whole(n: number | string | undefined): bigint | null {
  if (typeof n === 'number') return Number.isFinite(n) ? BigInt(Math.trunc(n)) : null;
  const text = typeof n === 'string' ? n.trim() : '';
  return /^\d+$/.test(text) ? BigInt(text) : null;
}

/** Owners as the Data API sends them; the node's come decoded from its client. */
export function ownersFrom(wire: { locktime?: number | string; threshold?: number | string; addresses?: string[] | null } | null | undefined): OwnersShape | null {
  if (!wire) return null;
  const threshold = whole(wire.threshold);
  return { locktime: whole(wire.locktime), threshold: threshold === null || threshold > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(threshold), addresses: wire.addresses ?? [] };
}

export const OutputOwners = builder.objectRef<OwnersShape>('OutputOwners').implement({
  description: 'Who may spend an output or receive a reward: `threshold` signatures of `addresses`, after `locktime`.',
  fields: (t) => ({
    locktime: t.expose('locktime', { type: 'BigInt', nullable: true, description: 'Unix time (seconds) before which the output cannot be spent; 0 when not locked.' }),
    threshold: t.exposeInt('threshold', { nullable: true, description: 'How many of the addresses must sign.' }),
    addresses: t.stringList({ description: 'The owning addresses (bech32, with chain prefix).', resolve: (o) => o.addresses }),
  }),
});

export interface UtxoRefShape {
  txId: string;
  outputIndex: number;
}

export const UtxoRef = builder.objectRef<UtxoRefShape>('UtxoRef').implement({
  description: 'A reference to a UTXO: the transaction that created it and the index of the output.',
  fields: (t) => ({
    txId: t.exposeString('txId', { description: 'Id of the transaction that created the UTXO (cb58).' }),
    outputIndex: t.exposeInt('outputIndex', { description: 'Index of the output in that transaction.' }),
    utxoId: t.string({
      nullable: true,
      description: 'The UTXO id (cb58), derived from the tx id and the output index as AvalancheGo does.',
      resolve: (r) => utxoId(r.txId, r.outputIndex),
    }),
  }),
});


export const UtxoCredential = builder.objectRef<DataApiSchema<'UtxoCredential'>>('UtxoCredential').implement({
  description: 'A signature that unlocked a spent UTXO, and the public key it recovers to.',
  fields: (t) => ({
    signature: t.exposeString('signature', { nullable: true, description: 'The 65-byte signature, encoded as the Data API sends it (base64).' }),
    publicKey: t.exposeString('publicKey', { nullable: true, description: 'The signer\'s compressed public key, encoded as the Data API sends it (base64).' }),
  }),
});
