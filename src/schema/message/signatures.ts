/**
 * Signature aggregation: collecting validator signatures over a warp message (a mutation: the POST
 * makes the service contact validators, so it is never retried and never cached), and reading the
 * signed message of a transaction that emitted one (`Network.signedMessage`).
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import { builder } from '../../builder.js';
import { badInput } from '../../errors.js';
import { isCb58Id, isHash32 } from '@avalanche-graph/identity';
import type { WireSignatureAggregatorRequest } from '../../upstream/data-api/types/signatures.js';
import { NetworkName } from '../common/enums.js';
import { dataApiNetwork } from '../common/network-names.js';
import { Network } from '../network/network.js';
import { fieldGuard } from '../common/guards.js';
import { serves } from '../common/operations.js';

/** The aggregator's quorum when none is given; the buffer is checked against it. */
const DEFAULT_QUORUM_PERCENTAGE = 67;

export const SignedMessage = builder.objectRef<DataApiSchema<'SignatureAggregationResponse'>>('SignedMessage').implement({
  description: 'A warp message with the aggregated BLS signature of the signing subnet\'s validators.',
  fields: (t) => ({
    signedMessage: t.exposeString('signedMessage', { description: 'The signed warp message bytes (hex): the unsigned message followed by the signers bit set and the aggregate signature.' }),
  }),
});

export const AggregateSignaturesInput = builder.inputType('AggregateSignaturesInput', {
  description:
    'What to sign and how much validator weight to collect. Give `message`, `justification` or both (both for L1 validator registration, removal and weight messages, which validators sign only with their justification).',
  fields: (t) => ({
    message: t.string({ required: false, description: 'The unsigned warp message (hex, 0x optional).' }),
    justification: t.string({
      required: false,
      description: 'What the validators check before signing (hex, 0x optional): alongside `message`, or alone to have the service build the message from it.',
    }),
    signingSubnetId: t.string({
      required: false,
      description: 'The subnet whose validators sign (cb58, or 32 bytes of hex); the source chain\'s subnet when omitted.',
    }),
    quorumPercentage: t.int({ required: false, description: 'Percentage of the signing subnet\'s weight required, 0 to 100; 67 when omitted.' }),
    quorumPercentageBuffer: t.int({
      required: false,
      description: 'Extra percentage of weight to try for beyond the quorum, 0 to 100; quorum plus buffer may not exceed 100. 0 when omitted.',
    }),
    pChainHeight: t.field({
      type: 'BigInt',
      required: false,
      description: 'P-Chain height whose validator set signs; 0 or omitted: the proposed height.',
    }),
  }),
});

interface AggregateSignaturesArgs {
  message?: string | null;
  justification?: string | null;
  signingSubnetId?: string | null;
  quorumPercentage?: number | null;
  quorumPercentageBuffer?: number | null;
  pChainHeight?: bigint | null;
}

/** Hex with or without 0x, whole bytes, not empty. */
function hexInput(argument: string, value: string): string {
  if (!/^(0x)?([0-9a-fA-F]{2})+$/.test(value)) throw badInput(argument, 'must be non-empty hex data (whole bytes, 0x optional)');
  return value;
}

function percentage(argument: string, value: number): number {
  if (value < 0 || value > 100) throw badInput(argument, `must be between 0 and 100, got ${value}`);
  return value;
}

/** Checks the whole input before any call; the error names the offending field. */
export function aggregatorRequest(input: AggregateSignaturesArgs): WireSignatureAggregatorRequest {
  const request: WireSignatureAggregatorRequest = {};
  if (input.message == null && input.justification == null) {
    throw badInput('input.message', 'give "message", "justification" or both');
  }
  if (input.message != null) request.message = hexInput('input.message', input.message);
  if (input.justification != null) request.justification = hexInput('input.justification', input.justification);
  if (input.signingSubnetId != null) {
    const id = input.signingSubnetId;
    if (!isCb58Id(id) && !/^(0x)?[0-9a-fA-F]{64}$/.test(id)) throw badInput('input.signingSubnetId', 'must be a subnet id: cb58, or 32 bytes of hex');
    request.signingSubnetId = id;
  }
  if (input.quorumPercentage != null) request.quorumPercentage = percentage('input.quorumPercentage', input.quorumPercentage);
  if (input.quorumPercentageBuffer != null) {
    const buffer = percentage('input.quorumPercentageBuffer', input.quorumPercentageBuffer);
    const quorum = input.quorumPercentage ?? DEFAULT_QUORUM_PERCENTAGE;
    if (quorum + buffer > 100) throw badInput('input.quorumPercentageBuffer', `quorum (${quorum}) plus buffer (${buffer}) must not exceed 100`);
    request.quorumPercentageBuffer = buffer;
  }
  if (input.pChainHeight != null) {
    if (input.pChainHeight < 0n || input.pChainHeight > BigInt(Number.MAX_SAFE_INTEGER)) {
      throw badInput('input.pChainHeight', 'must be a non-negative height');
    }
    request.pChainHeight = Number(input.pChainHeight);
  }
  return request;
}

builder.mutationType({ description: 'Operations that make an upstream service act (never retried, never cached).' });

/** The transaction of `Network.signedMessage`: an EVM hash or a P-Chain id. */
function signedTxArg(txHash: string): string {
  if (!isHash32(txHash) && !isCb58Id(txHash)) throw badInput('txHash', 'must be a 0x transaction hash (64 hex digits) or a cb58 transaction id');
  return txHash;
}

builder.mutationFields((t) => ({
  aggregateSignatures: t.checkedField({
    type: SignedMessage,
    extensions: { ...fieldGuard({ upstreamCost: 1 }), ...serves('data:aggregateSignatures') },
    description:
      'Collects validator signatures over a warp message until the quorum is reached (`POST /v1/signatureAggregator/{network}/aggregateSignatures`). Input is checked before the call; the call is made once, never retried.',
    args: {
      network: t.arg({ type: NetworkName, required: true, description: 'The network whose validators sign.' }),
      input: t.arg({ type: AggregateSignaturesInput, required: true, description: 'What to sign and the quorum.' }),
    },
    check: (args) => aggregatorRequest(args.input),
    resolve: (_, request, args, ctx) => ctx.upstreams.dataApi.signatureAggregator.aggregateSignatures(dataApiNetwork(args.network), request),
  }),
}));

builder.objectFields(Network, (t) => ({
  signedMessage: t.checkedField({
    type: SignedMessage,
    nullable: true,
    extensions: { ...fieldGuard({ upstreamCost: 1 }), ...serves('data:getAggregatedSignatures') },
    description:
      'The signed warp message a transaction emitted (an ICM send, or a P-Chain transaction), aggregated by the Data API (`GET /v1/signatureAggregator/{network}/aggregateSignatures/{txHash}`); null when the transaction emitted none.',
    args: { txHash: t.arg.string({ required: true, description: 'A 0x transaction hash (EVM) or a cb58 transaction id (P-Chain).' }) },
    check: (args) => signedTxArg(args.txHash),
    resolve: (network, txHash, _args, ctx) => ctx.upstreams.dataApi.signatureAggregator.getAggregatedSignatures(dataApiNetwork(network.name), txHash),
  }),
}));
