/**
 * `getUTXOs` paging as AvalancheGo does it: addresses in byte order, each address's UTXO ids in
 * byte order, resuming after `startIndex` {address, utxo}; `endIndex` is the last pair returned.
 * One difference, on purpose: a UTXO owned by several of the queried addresses is returned only
 * under the first of them, so that walking the pages yields every UTXO exactly once.
 */
import { bech32Address } from '@avalanche-graph/identity';
import { compareBytes, idBytes } from '../../world/primary/bytes.js';
import { EMPTY_ID } from '../../world/primary/index.js';
import type { ChainAlias, PrimaryNetwork, ShortId, UtxoRecord } from '../../world/primary/index.js';
import { aliasOfChainId, inSharedMemory, inUtxoSet } from '../../world/primary/queries.js';
import { encodeBytes } from './format.js';
import { encodingArg, invalidArgument, parseServiceAddress, parseServiceAddresses, serverError, stringArg, stringsArg, uintArg, type Args } from './params.js';

const MAX_ADDRESSES = 1024;
const MAX_PAGE = 1024;

export function getUtxos(net: PrimaryNetwork, chain: 'X' | 'P', args: Args): Record<string, unknown> {
  const addresses = stringsArg(args, 'addresses');
  const limitArg = uintArg(args, 'limit');
  const sourceChainArg = stringArg(args, 'sourceChain');
  const encoding = encodingArg(args);
  const startIndex = args.startIndex ?? {};
  if (typeof startIndex !== 'object' || startIndex === null || Array.isArray(startIndex)) throw invalidArgument();
  const start = { address: stringArg(startIndex as Args, 'address'), utxo: stringArg(startIndex as Args, 'utxo') };

  if (addresses.length === 0) throw serverError('no addresses provided');
  if (addresses.length > MAX_ADDRESSES) throw serverError(`number of addresses given, ${addresses.length}, exceeds maximum, ${MAX_ADDRESSES}`);
  let source: ChainAlias = chain;
  if (sourceChainArg !== '') {
    const alias = (['X', 'P', 'C'] as const).find((a) => a === sourceChainArg) ?? aliasOfChainId(net, sourceChainArg);
    if (!alias) throw serverError(`problem parsing source chainID "${sourceChainArg}": there is no ID with alias ${sourceChainArg}`);
    source = alias;
  }
  const keys = parseServiceAddresses(net, chain, addresses);
  let startKey: ShortId | undefined;
  if (start.address !== '' || start.utxo !== '') {
    try {
      startKey = parseServiceAddress(net, chain, start.address);
    } catch (error) {
      throw serverError(`couldn't parse start index address "${start.address}": ${(error as Error).message}`);
    }
    if (!isId(start.utxo)) throw serverError("couldn't parse start index utxo: invalid input checksum");
  }
  if (encoding === 'json') throw serverError('couldn\'t encode UTXO as string: unsupported encoding "json"');
  const limit = limitArg <= 0 || limitArg > MAX_PAGE ? MAX_PAGE : limitArg;

  const sortedKeys = [...new Map(keys.map((k) => [k.hex, k])).values()].sort((a, b) => compareBytes(a.bytes, b.bytes));
  const held = net.utxos.filter((u) => (source === chain ? inUtxoSet(u, chain) : inSharedMemory(u, chain, source)));
  const pairs: { key: ShortId; utxo: UtxoRecord }[] = [];
  for (const key of sortedKeys) {
    const owned = held
      .filter((u) => firstQueriedOwner(u, sortedKeys)?.hex === key.hex)
      .sort((a, b) => compareBytes(idBytes(a.id), idBytes(b.id)));
    for (const utxo of owned) pairs.push({ key, utxo });
  }
  const after = startKey
    ? pairs.filter((p) => {
        const byKey = compareBytes(p.key.bytes, startKey.bytes);
        return byKey > 0 || (byKey === 0 && compareBytes(idBytes(p.utxo.id), idBytes(start.utxo)) > 0);
      })
    : pairs;
  const page = after.slice(0, limit);
  const last = page[page.length - 1];
  return {
    numFetched: String(page.length),
    utxos: page.map((p) => encodeBytes(p.utxo.bytes, encoding)),
    endIndex: {
      address: last ? bech32Address(chain, net.hrp, last.key.bytes) : startKey ? bech32Address(chain, net.hrp, startKey.bytes) : bech32Address(chain, net.hrp, new Uint8Array(20)),
      utxo: last ? last.utxo.id : startKey ? start.utxo : EMPTY_ID,
    },
    encoding,
  };
}

function isId(value: string): boolean {
  try {
    idBytes(value);
    return true;
  } catch {
    return false;
  }
}

function firstQueriedOwner(utxo: UtxoRecord, sortedKeys: ShortId[]): ShortId | undefined {
  const owners = new Set(utxo.output.owners.addrs.map((a) => a.hex));
  return sortedKeys.find((k) => owners.has(k.hex));
}
