/**
 * The signature aggregator: signs a warp message with (simulated) validators of the signing subnet,
 * or returns the signed message of an ICM source transaction of the world.
 */
import { hex } from '@scure/base';
import { cb58Decode, cb58Encode, isCb58Id, isHash32, type NetworkKey, NETWORKS, NETWORK_VALUES, networkOfValue } from '@avalanche-graph/identity';
import { SandboxResponse, type SandboxService } from '../../http.js';
import { PRIMARY_NETWORK_SUBNET_ID } from '../../world/chains.js';
import type { World } from '../../world/index.js';
import { idBytes, parseUnsignedWarpMessage, signWarpMessage, unsignedWarpMessage } from '../../world/evm/index.js';
import { badRequest, notFound } from '../errors.js';

const DEFAULT_QUORUM = 67;

function networkParam(value: string): NetworkKey {
  const network = networkOfValue(value);
  if (!network) throw badRequest(`network must be one of the following values: ${NETWORK_VALUES.join(', ')}`);
  return network;
}

function hexBytes(value: unknown, name: string): Uint8Array | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw badRequest(`${name} must be a hex string`);
  const body = value.replace(/^0x/i, '');
  if (body.length === 0 || body.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(body)) throw badRequest(`${name} must be a non-empty hex string`);
  return hex.decode(body.toLowerCase());
}

function percentage(value: unknown, name: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 100) throw badRequest(`${name} must be an integer from 0 to 100`);
  return value;
}

/** A subnet id as cb58 or hex (32 bytes). */
function subnetIdParam(value: unknown): Uint8Array | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'string') {
    const decoded = cb58Decode(value);
    if (decoded?.length === 32) return decoded;
    const body = value.replace(/^0x/i, '');
    if (/^[0-9a-fA-F]{64}$/.test(body)) return hex.decode(body.toLowerCase());
  }
  throw badRequest('signingSubnetId must be a 32-byte id in cb58 or hex');
}

export function signatureRoutes(service: SandboxService, world: World): void {
  service.route('POST', '/v1/signatureAggregator/{network}/aggregateSignatures', ({ params, body }) => {
    const network = networkParam(params.network!);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('The request body must be a JSON object');
    const request = body as Record<string, unknown>;
    const message = hexBytes(request.message, 'message');
    const justification = hexBytes(request.justification, 'justification');
    // Either or both: an L1 validator message comes with the justification its validators check.
    if (!message && !justification) throw badRequest('Either message or justification must be provided');
    const givenQuorum = percentage(request.quorumPercentage, 'quorumPercentage');
    const buffer = percentage(request.quorumPercentageBuffer, 'quorumPercentageBuffer') ?? 0;
    if ((givenQuorum ?? DEFAULT_QUORUM) + buffer > 100) throw badRequest('quorumPercentage + quorumPercentageBuffer must be less than or equal to 100');
    // A quorum of 0 is accepted; the simulated aggregator then signs at its default weight.
    const quorum = givenQuorum || DEFAULT_QUORUM;
    if (request.pChainHeight !== undefined && (typeof request.pChainHeight !== 'number' || !Number.isInteger(request.pChainHeight) || request.pChainHeight < 0)) {
      throw badRequest('pChainHeight must be a non-negative integer');
    }
    const signingSubnet = subnetIdParam(request.signingSubnetId);

    // Without a message, the justification alone describes a P-Chain message to sign.
    const unsigned = message ?? hex.decode(unsignedWarpMessage(NETWORKS[network].networkId, new Uint8Array(32), justification!).slice(2));
    const parsed = parseUnsignedWarpMessage(unsigned);
    if (!parsed) throw badRequest('message is not a valid unsigned warp message');
    if (parsed.networkId !== NETWORKS[network].networkId) throw badRequest(`message is for network id ${parsed.networkId}, not ${network}`);
    const sourceChain = cb58Encode(parsed.sourceChainId);
    const subnet = signingSubnet ?? idBytes(world.chains.find((c) => c.blockchainId === sourceChain)?.subnetId ?? PRIMARY_NETWORK_SUBNET_ID);
    // The service answers 201 Created, for the GET as well (as its published client expects).
    return new SandboxResponse(201, { signedMessage: signWarpMessage(`0x${hex.encode(unsigned)}`, subnet, Math.min(100, quorum + buffer)) });
  });

  service.route('GET', '/v1/signatureAggregator/{network}/aggregateSignatures/{txHash}', ({ params }) => {
    const network = networkParam(params.network!);
    const txHash = params.txHash!;
    // EVM transaction hashes (ICM sends) or cb58 P-Chain transaction ids.
    if (!isHash32(txHash) && !isCb58Id(txHash)) throw badRequest('txHash must be a 0x-prefixed 32-byte hash or a cb58 transaction id');
    const message = world.evm.icmMessages().find((m) => m.network === network && m.source.txHash.toLowerCase() === txHash.toLowerCase());
    if (!message) throw notFound(`No warp message found for transaction ${txHash} on ${network}`);
    const sourceChain = world.chains.find((c) => c.evmChainId === message.sourceEvmChainId)!;
    return new SandboxResponse(201, { signedMessage: signWarpMessage(message.unsignedWarpMessage, idBytes(sourceChain.subnetId), DEFAULT_QUORUM) });
  });
}
