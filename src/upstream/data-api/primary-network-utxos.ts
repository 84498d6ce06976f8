/**
 * The Data API's "Primary Network UTXOs" operations: UTXOs and last activity of addresses on the
 * P-, X- or C-Chain. Each read has a POST form (the `V2` operations) that takes the addresses in
 * the body; the GET method turns to it when the list is too long for a URL (`fitsGet`).
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import { nullIfNotFound } from '../transport/errors.js';
import { fitsGet, type Query } from '../transport/rest.js';
import { TTL } from '../transport/ttl.js';
import { Endpoints } from './endpoints.js';
import type { DataApiNetwork } from './types/chains.js';
import type { WireAddressesBody } from './types/primary-addresses.js';
import type { WireListUtxosQuery, WireListUtxosResponse } from './types/primary.js';

const UTXOS = '/v1/networks/{network}/blockchains/{blockchainId}/utxos';

const LAST_ACTIVITY = '/v1/networks/{network}/blockchains/{blockchainId}/lastActivityTimestampByAddresses';

export class PrimaryNetworkUtxosEndpoints extends Endpoints {
  /**
   * `GET /v1/networks/{network}/blockchains/{blockchainId}/utxos`: UTXOs on the P-, X- or C-Chain, of
   * some addresses or of all. An address list too long for a URL (see `fitsGet`) goes by the POST
   * form of the route (`getUtxosByAddressesV2`), which answers the same pages.
   */
  getUtxosByAddresses(network: DataApiNetwork, blockchainId: string, query: WireListUtxosQuery): Promise<WireListUtxosResponse> {
    const params = { network, blockchainId };
    const { addresses, ...rest } = query;
    // Decided without the page token, so that every page of one list goes the same way.
    if (addresses === undefined || fitsGet(UTXOS, params, { ...query, pageToken: undefined } as unknown as Query)) {
      return this.rest.get(UTXOS, params, query as unknown as Query, { ttlMs: TTL.moving });
    }
    return this.getUtxosByAddressesV2(network, blockchainId, { addresses: addresses.join(',') }, rest);
  }

  /** `POST .../utxos`: the pages of `getUtxosByAddresses`, the addresses (comma-separated) in the body. */
  getUtxosByAddressesV2(
    network: DataApiNetwork,
    blockchainId: string,
    body: WireAddressesBody,
    query: Omit<WireListUtxosQuery, 'addresses'>,
  ): Promise<WireListUtxosResponse> {
    return this.rest.postRead(UTXOS, { network, blockchainId }, body, query as unknown as Query, { ttlMs: TTL.moving });
  }

  /**
   * `GET /v1/networks/{network}/blockchains/{blockchainId}/lastActivityTimestampByAddresses`: the
   * latest UTXO creation or consumption of the addresses on a chain; null when they have none. Past
   * `fitsGet`, the list goes by the POST form (`getLastActivityTimestampByAddressesV2`).
   */
  getLastActivityTimestampByAddresses(network: DataApiNetwork, blockchainId: string, addresses: readonly string[]): Promise<DataApiSchema<'LastActivityTimestamp'> | null> {
    const params = { network, blockchainId };
    const query = { addresses };
    return fitsGet(LAST_ACTIVITY, params, query)
      ? nullIfNotFound(this.rest.get<DataApiSchema<'LastActivityTimestamp'>>(LAST_ACTIVITY, params, query, { ttlMs: TTL.moving }))
      : this.getLastActivityTimestampByAddressesV2(network, blockchainId, { addresses: addresses.join(',') });
  }

  /** `POST .../lastActivityTimestampByAddresses`: the same answer, the addresses (comma-separated) in the body. */
  getLastActivityTimestampByAddressesV2(network: DataApiNetwork, blockchainId: string, body: WireAddressesBody): Promise<DataApiSchema<'LastActivityTimestamp'> | null> {
    return nullIfNotFound(this.rest.postRead<DataApiSchema<'LastActivityTimestamp'>>(LAST_ACTIVITY, { network, blockchainId }, body, undefined, { ttlMs: TTL.moving }));
  }
}
