/**
 * Amounts of primary-network assets as the Data API embeds them in UTXOs and rewards, and the fiat
 * value it attaches to rewards.
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import { builder, type Types } from '../../builder.js';
import type { WireAssetAmount } from '../../upstream/data-api/types/primary.js';
import { Currency, PrimaryNetworkAssetType } from './primary-enums.js';

export const Money = builder.objectRef<DataApiSchema<'Money'>>('Money').implement({
  description: 'A value in a fiat currency.',
  fields: (t) => ({
    currencyCode: t.field({
      type: Currency,
      nullable: true,
      description: 'The currency; null for a currency this gateway does not know yet.',
      resolve: (m) => Currency.from(m.currencyCode),
    }),
    value: t.exposeFloat('value', { description: 'The value in that currency (a price, not an exact amount).' }),
  }),
});


/** Fields shared by every embedded asset amount. */
export function assetAmountFields<T extends WireAssetAmount>(t: PothosSchemaTypes.ObjectFieldBuilder<Types, T>) {
  return {
    assetId: t.string({ description: 'Id of the asset (cb58); the AVAX asset id for AVAX.', resolve: (a) => a.assetId }),
    name: t.string({ description: 'Asset name.', resolve: (a) => a.name }),
    symbol: t.string({ description: 'Asset symbol.', resolve: (a) => a.symbol }),
    denomination: t.int({ description: 'Decimal places between the smallest unit and one whole unit (9 for AVAX).', resolve: (a) => a.denomination }),
    type: t.field({
      type: PrimaryNetworkAssetType,
      description: 'Fungible (SECP256K1) or NFT.',
      resolve: (a) => PrimaryNetworkAssetType.from(a.type),
    }),
    amount: t.field({ type: 'BigInt', description: 'The amount, in the asset\'s smallest unit (nAVAX for AVAX).', resolve: (a) => a.amount }),
  };
}

export const AssetAmount = builder.objectRef<WireAssetAmount>('AssetAmount').implement({
  description: 'An amount of a primary-network asset, with the asset\'s description.',
  fields: (t) => assetAmountFields(t),
});

export const AssetWithPriceInfo = builder.objectRef<DataApiSchema<'AssetWithPriceInfo'>>('AssetWithPriceInfo').implement({
  description: 'An amount of a primary-network asset with its fiat value at the time it was paid.',
  fields: (t) => ({
    ...assetAmountFields(t),
    historicalPrice: t.expose('historicalPrice', { type: Money, nullable: true, description: 'Price of one whole unit of the asset when it was paid, in the requested currency; null when not priced.' }),
  }),
});
