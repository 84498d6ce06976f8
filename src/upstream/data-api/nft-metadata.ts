/**
 * NFT metadata as the Data API carries it: `attributes` and `properties` are JSON *text* inside the
 * JSON body (the indexer copies them from the token URI). Reading that text is wire parsing, so it
 * lives here, not in the schema.
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';

export type NftMetadataWire = DataApiSchema<'Erc721TokenMetadata'> & DataApiSchema<'Erc1155TokenMetadata'>;

export interface NftTrait {
  traitType: string;
  value: string;
  displayType: string | null;
}

/** Reads the JSON text the service carries attributes in; text that is not JSON is returned as is. */
export function parseJsonText(text: string | undefined): unknown {
  if (text === undefined || text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The OpenSea-style `[{ trait_type, value, display_type? }]` entries of attributes or properties. */
export function traitsOf(metadata: NftMetadataWire): NftTrait[] {
  const parsed = parseJsonText(metadata.attributes ?? metadata.properties);
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((entry: unknown) => {
    if (!entry || typeof entry !== 'object') return [];
    const { trait_type: traitType, value, display_type: displayType } = entry as Record<string, unknown>;
    if (typeof traitType !== 'string' || (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')) return [];
    return [{ traitType, value: String(value), displayType: typeof displayType === 'string' ? displayType : null }];
  });
}
