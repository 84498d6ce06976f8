/**
 * Input checks for the primary network's identifiers on the node (run before any call), and the
 * selection check that lets a field skip a call the query does not need.
 */
import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import { badInput } from '../../errors.js';
import { isCb58Id, parseBech32Address, bech32Address as formatBech32, NETWORKS, type NetworkKey } from '@avalanche-graph/identity';
import { cb58Id } from './validate.js';


/**
 * A bech32 address of `chain` on `network`. A bare `avax1...` gets the chain prefix; another chain's
 * prefix or another network's hrp is refused (the node would refuse it too).
 */
export function chainAddress(argument: string, value: string, chain: 'X' | 'P', network: NetworkKey): string {
  const parsed = parseBech32Address(value);
  const shown = value.length > 80 ? `${value.slice(0, 77)}...` : value;
  if (!parsed) throw badInput(argument, `"${shown}" is not a bech32 address (e.g. ${chain}-${NETWORKS[network].hrp}1...)`);
  if (parsed.chain !== null && parsed.chain !== chain) throw badInput(argument, `"${shown}" is not a ${chain}-Chain address (expected the prefix ${chain}-)`);
  if (parsed.hrp !== NETWORKS[network].hrp) throw badInput(argument, `"${shown}" is an address of another network (expected ${chain}-${NETWORKS[network].hrp}1...)`);
  return formatBech32(chain, parsed.hrp, parsed.bytes);
}

/** Distinct, validated addresses of one chain; at most `max`. */
export function chainAddresses(argument: string, values: readonly string[], chain: 'X' | 'P', network: NetworkKey, max: number): string[] {
  if (values.length === 0) throw badInput(argument, 'give at least one address');
  if (values.length > max) throw badInput(argument, `at most ${max} addresses, got ${values.length}`);
  return [...new Set(values.map((v, i) => chainAddress(`${argument}[${i}]`, v, chain, network)))];
}

/** An asset id (cb58) or the alias "AVAX", which every node knows. */
export function assetIdArg(argument: string, value: string): string {
  return value === 'AVAX' ? value : cb58Id(argument, value);
}

/** A chain a UTXO may come from: the alias P or C, or a blockchain id. */
export function sourceChainArg(argument: string, value: string): string {
  if (value === 'P' || value === 'C' || isCb58Id(value)) return value;
  throw badInput(argument, `"${value.slice(0, 80)}" is not a chain (P, C or a blockchain id)`);
}

export function heightArg(argument: string, value: bigint): bigint {
  if (value < 0n || value >= 2n ** 64n) throw badInput(argument, 'must be between 0 and 2^64-1');
  return value;
}

/** Exactly one of two lookup arguments. */
/** A block of the P- or X-Chain by `id` or by `height`: exactly one, checked. */
export function blockRefArg(args: { id?: string | null; height?: bigint | null }): { id: string } | { height: bigint } {
  exactlyOne(args.id, args.height, ['id', 'height']);
  return args.id != null ? { id: cb58Id('id', args.id) } : { height: heightArg('height', args.height!) };
}

export function exactlyOne(a: unknown, b: unknown, names: [string, string]): void {
  if ((a == null) === (b == null)) throw badInput(names[0], `give exactly one of "${names[0]}" and "${names[1]}"`);
}

/**
 * True when every field the query selects on this field's result is in `allowed` (`__typename`
 * always is): then the field can be served from a cheaper call.
 */
export function selectsOnly(info: GraphQLResolveInfo, allowed: ReadonlySet<string>): boolean {
  const visit = (set: SelectionSetNode | undefined): boolean =>
    !set ||
    set.selections.every((s) => {
      if (s.kind === Kind.FIELD) return s.name.value === '__typename' || allowed.has(s.name.value);
      if (s.kind === Kind.INLINE_FRAGMENT) return visit(s.selectionSet);
      const fragment = info.fragments[s.name.value];
      return fragment ? visit(fragment.selectionSet) : false;
    });
  return info.fieldNodes.every((node) => visit(node.selectionSet));
}
