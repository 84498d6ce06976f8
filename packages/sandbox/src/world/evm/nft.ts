/** NFT tokens of the world's collections, with the metadata an indexer would have read for them. */
import type { Rng } from '../rng.js';
import type { CollectionSpec } from './plan.js';
import type { NftAttribute, NftMetadata, NftMetadataStatus, NftToken } from './types.js';

const BACKGROUNDS = ['glacier', 'dusk', 'ember', 'moss', 'slate', 'aurora'];
const RARITIES = ['common', 'uncommon', 'rare', 'epic', 'legendary'];
const ITEM_KINDS = ['Ice Axe', 'Rope', 'Lantern', 'Map Fragment', 'Summit Flag', 'Snow Globe'];

/** Most tokens are indexed; a few show the failure states users meet in real indexers. */
function metadataStatus(rng: Rng): NftMetadataStatus {
  const roll = rng.next();
  if (roll < 0.85) return 'INDEXED';
  if (roll < 0.91) return 'UNINDEXED';
  if (roll < 0.95) return 'UNREACHABLE_TOKEN_URI';
  return 'INVALID_TOKEN_URI';
}

export function createNftToken(rng: Rng, collection: CollectionSpec, tokenId: string, block: number, blockTimestamp: number): NftToken {
  const slug = collection.symbol.toLowerCase();
  const status = metadataStatus(rng);
  const tokenUri = status === 'INVALID_TOKEN_URI' ? `not a uri ${tokenId}` : `ipfs://bafybeisandbox${slug}/${tokenId}.json`;
  const metadata: NftMetadata = { indexStatus: status };
  if (status === 'INDEXED') {
    const attributes: NftAttribute[] =
      collection.standard === 'ERC-721'
        ? [
            { trait_type: 'Background', value: rng.pick(BACKGROUNDS) },
            { trait_type: 'Rarity', value: rng.pick(RARITIES) },
            { trait_type: 'Level', value: rng.int(1, 99) },
          ]
        : [
            { trait_type: 'Kind', value: ITEM_KINDS[(Number(tokenId) - 1) % ITEM_KINDS.length]! },
            { trait_type: 'Weight', value: rng.int(1, 20) },
          ];
    const name = collection.standard === 'ERC-721' ? `${collection.name} #${tokenId}` : ITEM_KINDS[(Number(tokenId) - 1) % ITEM_KINDS.length]!;
    Object.assign(metadata, {
      metadataLastUpdatedTimestamp: blockTimestamp + rng.int(30, 3600),
      name,
      symbol: collection.symbol,
      description: `${name}, from the ${collection.name} collection of the sandbox world.`,
      imageUri: `ipfs://bafybeisandbox${slug}/images/${tokenId}.png`,
      externalUrl: `https://nft.sandbox.invalid/${slug}/${tokenId}`,
      background: rng.pick(BACKGROUNDS),
      attributes,
    });
  }
  return { address: collection.address, standard: collection.standard, tokenId, tokenUri, metadata, mintedAtBlock: block };
}
