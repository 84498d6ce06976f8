/**
 * NFT types: the tokens of a collection and the tokens an address holds, as one `NftToken`
 * interface with a type per standard and listing, their metadata, and the collection they belong to.
 */
import { builder } from '../../builder.js';
import {
  parseJsonText,
  traitsOf,
  type NftMetadataWire as MetadataShape,
  type NftTrait as NftTraitShape,
} from '../../upstream/data-api/nft-metadata.js';
import type { WireNftToken } from '../../upstream/data-api/types/nfts.js';
import { Chain } from '../chain/chain.js';
import type { Context } from '../../context.js';
import { upstreamEnum } from '../common/enums.js';
import { typeGuard } from '../common/guards.js';
import { Account, type AccountShape } from '../account/account.js';
import { checkTokenKey, holdingKey, parseTokenKey, tokenKey, type NftTokenShape } from './keys.js';
import { chainAddressNode } from '../common/chain-address.js';
import { loadersOf } from '../loaders/index.js';

export const NftMetadataStatus = upstreamEnum('NftMetadataStatus', {
  description: 'How far the Data API\'s indexer got reading a token\'s metadata from its token URI.',
  values: {
    INDEXED: 'The metadata was read and indexed.',
    UNINDEXED: 'The metadata has not been read yet.',
    MISSING_TOKEN: 'The contract does not know the token (e.g. burnt).',
    INVALID_TOKEN_URI: 'The token URI is not a valid URI.',
    INVALID_TOKEN_URI_SCHEME: 'The token URI uses a scheme the indexer does not read.',
    UNREACHABLE_TOKEN_URI: 'The token URI could not be fetched.',
    THROTTLED_TOKEN_URI: 'The token URI\'s host throttled the indexer.',
    METADATA_CONTENT_TOO_LARGE: 'The metadata document is too large to index.',
    INVALID_METADATA: 'The metadata document does not follow the metadata standard.',
    INVALID_METADATA_JSON: 'The metadata document is not valid JSON.',
  },
  unknown: 'Unknown status (as the upstream reports it, or a status this gateway does not know yet).',
});

export const NftStandard = upstreamEnum('NftStandard', {
  description: 'The token standard of an NFT contract.',
  values: {
    'ERC-721': 'ERC-721: each token id has one owner.',
    'ERC-1155': 'ERC-1155: each token id has balances per holder.',
  },
  unknown: 'A standard this gateway does not know yet.',
});

/** A token an address holds, from one of its balance lists (whose records may leave the chain out). */
export function heldToken(account: AccountShape, token: WireNftToken & { chainId?: string; balance?: string }): NftTokenShape {
  return { ...token, chainId: token.chainId ?? account.chainId, listing: 'balance', holder: account.address };
}

export const NftTrait = builder.objectRef<NftTraitShape>('NftTrait').implement({
  description: 'One trait of a token\'s metadata (an entry of its attributes or properties list).',
  fields: (t) => ({
    traitType: t.exposeString('traitType', { description: 'Trait name (`trait_type`).' }),
    value: t.exposeString('value', { description: 'Trait value; numbers and booleans as text.' }),
    displayType: t.exposeString('displayType', { nullable: true, description: 'How a marketplace should display the value (`display_type`), when given.' }),
  }),
});

export const NftMetadata = builder.objectRef<MetadataShape>('NftMetadata').implement({
  description: 'What the indexer read from a token\'s metadata document. Fields other than `indexStatus` are null until it is INDEXED.',
  fields: (t) => ({
    indexStatus: t.field({
      type: NftMetadataStatus,
      description: 'How far indexing of the metadata got.',
      resolve: (m) => NftMetadataStatus.from(m.indexStatus),
    }),
    metadataLastUpdatedTimestamp: t.expose('metadataLastUpdatedTimestamp', { type: 'Timestamp', nullable: true, description: 'When the metadata was last read, Unix seconds.' }),
    name: t.exposeString('name', { nullable: true, description: 'Token name from the metadata.' }),
    symbol: t.exposeString('symbol', { nullable: true, description: 'Symbol from the metadata.' }),
    description: t.exposeString('description', { nullable: true, description: 'Free-text description.' }),
    imageUri: t.exposeString('imageUri', { nullable: true, description: 'Image URI (often ipfs://).' }),
    animationUri: t.exposeString('animationUri', { nullable: true, description: 'Animation or media URI.' }),
    externalUrl: t.exposeString('externalUrl', { nullable: true, description: 'Web page of the token.' }),
    background: t.exposeString('background', { nullable: true, description: 'Background color or name from the metadata.' }),
    decimals: t.exposeInt('decimals', { nullable: true, description: 'Decimal places of the token amount (ERC-1155 only).' }),
    attributes: t.field({
      type: 'JSON',
      nullable: true,
      description: 'The metadata\'s `attributes` (ERC-721), parsed from the JSON text the Data API sends; the text itself if it is not JSON.',
      resolve: (m) => parseJsonText(m.attributes),
    }),
    properties: t.field({
      type: 'JSON',
      nullable: true,
      description: 'The metadata\'s `properties` (ERC-1155), parsed like `attributes`.',
      resolve: (m) => parseJsonText(m.properties),
    }),
    traits: t.field({
      type: [NftTrait],
      description: 'The `{trait_type, value}` entries of `attributes` or `properties`; empty when there are none.',
      resolve: (m) => traitsOf(m),
    }),
  }),
});

export interface NftCollectionShape {
  chainId: string;
  address: string;
}

/** Fields added by the file that owns the collection's token list. */
// The id is all `Chain.nftCollection` starts from: no upstream call until its tokens are asked for.
export const NftCollection = chainAddressNode<NftCollectionShape>('NftCollection');

export const NftToken = builder.interfaceRef<NftTokenShape>('NftToken').implement({
  description:
    'One NFT: a token id of an ERC-721 or ERC-1155 contract on a chain, with its metadata. A node: a token refetches by its id (`getTokenDetails`), a holding by its id and holder.',
  interfaces: [builder.nodeInterfaceRef()],
  resolveType: (token) =>
    token.ercType === 'ERC-721'
      ? token.listing === 'balance' ? 'Erc721TokenBalance' : 'Erc721Token'
      : token.listing === 'balance' ? 'Erc1155TokenBalance' : 'Erc1155Token',
  fields: (t) => ({
    chain: t.expose('chainId', { type: Chain, description: 'The chain of the contract.' }),
    collection: t.field({
      type: NftCollection,
      description: 'The collection (contract) this token belongs to.',
      resolve: (n) => ({ chainId: n.chainId, address: n.address }),
    }),
    address: t.exposeString('address', { description: 'The collection contract address.' }),
    ercType: t.field({
      type: NftStandard,
      description: 'The token standard.',
      resolve: (n) => NftStandard.from(n.ercType),
    }),
    tokenId: t.expose('tokenId', { type: 'BigInt', description: 'The token id (uint256).' }),
    tokenUri: t.exposeString('tokenUri', { description: 'The token\'s metadata URI, as the contract returns it.' }),
    metadata: t.field({ type: NftMetadata, description: 'What the indexer read from the token URI.', resolve: (n) => n.metadata as MetadataShape }),
  }),
});

type Erc721Shape = NftTokenShape & { ercType: 'ERC-721'; name: string; symbol: string; ownerAddress?: string };
type Erc1155Shape = NftTokenShape & { ercType: 'ERC-1155' };

/** The loaders' answer for an id that names nothing (the plugin's types do not admit null). */
const NONE = null as unknown as never;

/** Tokens of one standard by `tokenKey`, through the token loader (a key of the other standard is null). */
const loadTokens = <S extends NftTokenShape>(ercType: S['ercType']) => async (keys: string[], ctx: Context): Promise<(S | Error)[]> => {
  const tokens = await loadersOf(ctx).nftTokenById.loadMany(keys);
  return tokens.map((token) => (token instanceof Error ? token : token?.ercType === ercType ? (token as S) : NONE));
};

/** An ERC-721 holding: the token, while the holder still owns it. */
async function loadErc721Holding(key: string, ctx: Context): Promise<Erc721Shape | null> {
  const ref = parseTokenKey(key, 4)!;
  const token = await loadersOf(ctx).nftTokenById.load(tokenKey(ref.chainId, ref.address, ref.tokenId));
  if (token?.ercType !== 'ERC-721' || token.ownerAddress?.toLowerCase() !== ref.holder!.toLowerCase()) return null;
  return { ...(token as Erc721Shape), listing: 'balance', holder: token.ownerAddress };
}

/** An ERC-1155 holding, through the holding loader. */
const loadErc1155Holding = (key: string, ctx: Context) => loadersOf(ctx).erc1155HoldingById.load(key) as Promise<Erc1155Shape | null>;

const loadHoldings = <S>(load: (key: string, ctx: Context) => Promise<S | null>) => (keys: string[], ctx: Context) =>
  Promise.all(keys.map((key) => (parseTokenKey(key, 4) ? load(key, ctx).then((x) => x ?? NONE, (error: Error) => error) : NONE)));

const holderOf = (n: NftTokenShape & { ownerAddress?: string }) => n.holder ?? n.ownerAddress ?? '';

export const Erc721Token = builder.loadableNodeRef<Erc721Shape, string, string>('Erc721Token', {
  id: { resolve: (n) => tokenKey(n.chainId, n.address, n.tokenId) },
  load: loadTokens<Erc721Shape>('ERC-721'),
});
Erc721Token.implement({
  extensions: typeGuard({ checkId: checkTokenKey(3) }),
  description: 'A token of an ERC-721 collection (one owner per token id).',
  interfaces: [NftToken],
  fields: () => ({}),
});

export const Erc1155Token = builder.loadableNodeRef<Erc1155Shape, string, string>('Erc1155Token', {
  id: { resolve: (n) => tokenKey(n.chainId, n.address, n.tokenId) },
  load: loadTokens<Erc1155Shape>('ERC-1155'),
});
Erc1155Token.implement({
  extensions: typeGuard({ checkId: checkTokenKey(3) }),
  description: 'A token id of an ERC-1155 contract (balances per holder).',
  interfaces: [NftToken],
  fields: () => ({}),
});

export const Erc721TokenBalance = builder.loadableNodeRef<Erc721Shape, string, string>('Erc721TokenBalance', {
  id: { resolve: (n) => holdingKey(n, holderOf(n)) },
  load: loadHoldings(loadErc721Holding),
});
Erc721TokenBalance.implement({
  extensions: typeGuard({ checkId: checkTokenKey(4) }),
  description: 'An ERC-721 token an address owns. Its id names the token and the owner; it refetches as null once the token changed hands.',
  interfaces: [NftToken],
  fields: () => ({}),
});

export const Erc1155TokenBalance = builder.loadableNodeRef<Erc1155Shape, string, string>('Erc1155TokenBalance', {
  id: { resolve: (n) => holdingKey(n, holderOf(n)) },
  load: loadHoldings(loadErc1155Holding),
});
Erc1155TokenBalance.implement({
  extensions: typeGuard({ checkId: checkTokenKey(4) }),
  description: 'An ERC-1155 token id an address holds, with the amount. Its id names the token and the holder.',
  interfaces: [NftToken],
  fields: (t) => ({
    balance: t.field({ type: 'BigInt', description: 'Amount of this token id the address holds.', resolve: (n) => n.balance as string }),
  }),
});

// The ERC-721 wire token and balance carry the same contract and owner fields.
for (const ref of [Erc721Token, Erc721TokenBalance]) {
  builder.objectFields(ref, (t) => ({
    name: t.exposeString('name', { description: 'The contract\'s name.' }),
    symbol: t.exposeString('symbol', { description: 'The contract\'s symbol.' }),
    ownerAddress: t.exposeString('ownerAddress', { nullable: true, description: 'The current owner, when the Data API reports it.' }),
    owner: t.field({
      type: Account,
      nullable: true,
      description: 'The current owner as an account on the token\'s chain; null when not reported.',
      resolve: (n) => (n.ownerAddress ? { chainId: n.chainId, address: n.ownerAddress } : null),
    }),
  }));
}
