/**
 * Contracts: what the Data API knows of the contract at an address (`getContractMetadata`, one type
 * per kind behind the `Contract` interface), the contracts an address deployed
 * (`listContractDeployments`), and the transaction that deployed a token contract
 * (`getDeploymentTransaction`, as the graph's Transaction).
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import { builder } from '../../builder.js';
import type { Context } from '../../context.js';
import type { WireContract } from '../../upstream/data-api/types/assets.js';
import { Chain } from '../chain/chain.js';
import { upstreamEnum } from '../common/enums.js';
import { connectionArgs, connectionType } from '../common/connection.js';
import { upstreamList } from '../common/upstream-list.js';
import { fieldGuard, typeGuard } from '../common/guards.js';
import { chainAddress, chainAddressKey, checkChainAddressKey } from '../common/global-ids.js';
import { loadEach } from '../common/each-key.js';
import { serves } from '../common/operations.js';
import { Currency } from '../common/primary-enums.js';
import { Account, addressPath, upstreamAddress } from '../account/account.js';
import { Transaction } from '../transaction/transaction.js';
import { txKey, type TransactionShape } from '../transaction/keys.js';
import { TokenContract, TokenStandard } from './transfers.js';

type ContractShape = WireContract & { chainId: string };

export const ResourceLinkType = upstreamEnum('ResourceLinkType', {
  description: 'Where a contract\'s resource link points.',
  values: {
    Blog: 'A blog.',
    CoinGecko: { name: 'COINGECKO', description: 'The token\'s CoinGecko page.' },
    CoinMarketCap: { name: 'COINMARKETCAP', description: 'The token\'s CoinMarketCap page.' },
    Discord: 'A Discord server.',
    Documentation: 'Documentation.',
    Facebook: 'A Facebook page.',
    Github: 'A GitHub organization or repository.',
    Instagram: 'An Instagram account.',
    LinkedIn: { name: 'LINKEDIN', description: 'A LinkedIn page.' },
    Medium: 'A Medium publication.',
    Reddit: 'A subreddit.',
    Support: 'A support site.',
    Telegram: 'A Telegram group or channel.',
    TikTok: { name: 'TIKTOK', description: 'A TikTok account.' },
    Twitter: 'An X (Twitter) account.',
    Website: 'The project\'s website.',
    Whitepaper: 'A whitepaper.',
    Youtube: 'A YouTube channel.',
  },
  unknown: 'A kind of link this gateway does not know yet.',
});

export const ContractResourceLink = builder.objectRef<DataApiSchema<'ResourceLink'>>('ContractResourceLink').implement({
  description: 'A link the contract\'s owners registered with the Data API.',
  fields: (t) => ({
    type: t.field({ type: ResourceLinkType, description: 'Where the link points.', resolve: (l) => ResourceLinkType.from(l.type) }),
    url: t.exposeString('url', { description: 'The URL.' }),
  }),
});

type DeploymentShape = NonNullable<WireContract['deploymentDetails']> & { chainId: string };

export const ContractDeployment = builder.objectRef<DeploymentShape>('ContractDeployment').implement({
  description: 'Who deployed a contract, and in which transaction.',
  fields: (t) => ({
    txHash: t.exposeString('txHash', { description: 'Hash of the deploying transaction.' }),
    transaction: t.field({
      type: Transaction,
      nullable: true,
      description: 'The deploying transaction (one call by hash, shared with every other read of it in the operation).',
      resolve: (d) => txKey(d.chainId, d.txHash),
    }),
    deployerAddress: t.exposeString('deployerAddress', { description: 'The account that sent the deploying transaction.' }),
    deployer: t.field({ type: Account, description: 'The account that sent the deploying transaction.', resolve: (d) => ({ chainId: d.chainId, address: d.deployerAddress }) }),
    deployerContractAddress: t.exposeString('deployerContractAddress', {
      nullable: true,
      description: 'The contract that created this one, when contract code created it.',
    }),
    deployerContract: t.field({
      type: Account,
      nullable: true,
      description: 'The contract that created this one, when contract code created it.',
      resolve: (d) => (d.deployerContractAddress ? { chainId: d.chainId, address: d.deployerContractAddress } : null),
    }),
  }),
});

const ercTypeOf = (c: ContractShape) => TokenStandard.from(c.ercType);

export const Contract = builder.interfaceRef<ContractShape>('Contract').implement({
  description:
    'What the Data API knows of the contract at an address: its standard, its registered profile and its deployment. A node: its id is the chain and the address, refetched with one metadata read (null when the contract is no longer of that kind).',
  interfaces: [builder.nodeInterfaceRef()],
  // A kind the service adds later reads as an unknown contract rather than failing the answer.
  resolveType: (c) => ({ 'ERC-20': 'Erc20Contract', 'ERC-721': 'Erc721Contract', 'ERC-1155': 'Erc1155Contract', UNKNOWN: 'UnknownContract' })[ercTypeOf(c)],
  fields: (t) => ({
    chain: t.expose('chainId', { type: Chain, description: 'The chain of the contract.' }),
    address: t.exposeString('address', { description: 'The contract address.' }),
    ercType: t.field({ type: TokenStandard, description: 'The token standard the contract implements, or UNKNOWN for other code.', resolve: ercTypeOf }),
    account: t.field({ type: Account, description: 'The contract\'s address as an account (its balances, transactions and transfers).', resolve: (c) => ({ chainId: c.chainId, address: c.address }) }),
    name: t.exposeString('name', { nullable: true, description: 'The contract\'s name.' }),
    description: t.exposeString('description', { nullable: true, description: 'Free-text description.' }),
    officialSite: t.exposeString('officialSite', { nullable: true, description: 'The project\'s website.' }),
    email: t.exposeString('email', { nullable: true, description: 'Contact e-mail.' }),
    logoUri: t.string({ nullable: true, description: 'Logo image URL.', resolve: (c) => c.logoAsset?.imageUri ?? null }),
    bannerUri: t.string({ nullable: true, description: 'Banner image URL.', resolve: (c) => c.bannerAsset?.imageUri ?? null }),
    color: t.exposeString('color', { nullable: true, description: 'Brand color.' }),
    resourceLinks: t.field({ type: [ContractResourceLink], description: 'Links to the project\'s pages; empty when none.', resolve: (c) => c.resourceLinks ?? [] }),
    tags: t.stringList({ description: 'Tags; empty when none.', resolve: (c) => c.tags ?? [] }),
    deploymentDetails: t.field({
      type: ContractDeployment,
      nullable: true,
      description: 'Who deployed the contract and in which transaction, when the Data API knows.',
      resolve: (c) => (c.deploymentDetails ? { ...c.deploymentDetails, chainId: c.chainId } : null),
    }),
  }),
});

type Of<K extends WireContract['ercType']> = Extract<ContractShape, { ercType: K }>;

/** A contract kind as a node: its id is `<chainId>:<address>`; a refetch reads the metadata (null when it is of another kind now). */
function contractNode<S extends ContractShape>(name: string, kind: ReturnType<typeof ercTypeOf>) {
  return builder.loadableNodeRef<S, string, string>(name, {
    id: { resolve: (c) => chainAddressKey(c.chainId, c.address) },
    load: (ids: string[], ctx: Context) =>
      loadEach(ids, async (id) => {
        const key = chainAddress(id);
        const contract = key && (await contractAt(ctx, key.chainId, key.address));
        return contract && ercTypeOf(contract) === kind ? (contract as S) : null;
      }),
  });
}

// Links to a contract carry its record; only `node(id:)` reads one (`getContractMetadata`).
const CONTRACT_NODE = typeGuard({ checkId: checkChainAddressKey, linksCarryObject: true });

export const Erc20Contract = contractNode<Of<'ERC-20'>>('Erc20Contract', 'ERC-20');
Erc20Contract.implement({
  extensions: CONTRACT_NODE,
  description: 'An ERC-20 token contract.',
  interfaces: [Contract],
  fields: (t) => ({
    symbol: t.exposeString('symbol', { nullable: true, description: 'Token symbol.' }),
    decimals: t.exposeInt('decimals', { description: 'Decimal places between the smallest unit and one token.' }),
    coingeckoCoinId: t.string({ nullable: true, description: 'The token\'s CoinGecko id, where its price comes from.', resolve: (c) => c.pricingProviders?.coingeckoCoinId ?? null }),
  }),
});

export const Erc721Contract = contractNode<Of<'ERC-721'>>('Erc721Contract', 'ERC-721');
Erc721Contract.implement({
  extensions: CONTRACT_NODE,
  description: 'An ERC-721 collection contract.',
  interfaces: [Contract],
  fields: (t) => ({
    symbol: t.exposeString('symbol', { nullable: true, description: 'Collection symbol.' }),
  }),
});

export const Erc1155Contract = contractNode<Of<'ERC-1155'>>('Erc1155Contract', 'ERC-1155');
Erc1155Contract.implement({
  extensions: CONTRACT_NODE,
  description: 'An ERC-1155 contract.',
  interfaces: [Contract],
  fields: (t) => ({
    symbol: t.exposeString('symbol', { nullable: true, description: 'Contract symbol.' }),
    coingeckoCoinId: t.string({ nullable: true, description: 'The contract\'s CoinGecko id, when priced.', resolve: (c) => c.pricingProviders?.coingeckoCoinId ?? null }),
  }),
});

export const UnknownContract = contractNode<ContractShape>('UnknownContract', 'UNKNOWN');
UnknownContract.implement({
  extensions: CONTRACT_NODE,
  description: 'A contract that implements no token standard the Data API recognizes (or a kind this gateway does not know yet).',
  interfaces: [Contract],
  fields: () => ({}),
});

/** The contract at an address, once per operation (the client's memo shares the call); null when there is none. */
async function contractAt(ctx: Context, chainId: string, address: string): Promise<ContractShape | null> {
  const contract = await ctx.upstreams.dataApi.evmContracts.getContractMetadata(chainId, upstreamAddress(address));
  return contract && { ...contract, chainId };
}

const CONTRACT_GUARD = { ...fieldGuard({ upstreamCost: 1 }), ...serves('data:getContractMetadata') };

const ContractConnection = connectionType('Contract', Contract, 'A page of contracts, newest deployment first.');
const DEPLOYMENT_PAGE = { defaultSize: 10, maxSize: 100 };

builder.objectFields(Account, (t) => ({
  contract: t.field({
    type: Contract,
    nullable: true,
    description:
      'The contract at this address, as the Data API knows it (`GET /v1/chains/{chainId}/addresses/{address}`); null for an account without code or an address the Data API knows nothing of.',
    extensions: CONTRACT_GUARD,
    resolve: (account, _, ctx) => contractAt(ctx, account.chainId, account.address),
  }),
  contractDeployments: t.field({
    type: ContractConnection,
    nullable: true,
    description: 'The contracts this address deployed, newest first (`GET .../contracts/{address}/deployments`).',
    args: connectionArgs(t, DEPLOYMENT_PAGE),
    extensions: serves('data:listContractDeployments'),
    resolve: (account, args, ctx) =>
      upstreamList(args, {
        name: 'contractDeployments',
        page: DEPLOYMENT_PAGE,
        path: addressPath(account),
        query: {},
        read: (chainId, address, query) => ctx.upstreams.dataApi.evmTransactions.listContractDeployments(chainId, address, query),
        items: (page) => page.contracts.map((c): ContractShape => ({ ...c, chainId: account.chainId })),
      }),
  }),
}));

/** The deploying transaction as the graph's Transaction (the same record a read by hash gives). */
function deploymentShape(chainId: string, full: DataApiSchema<'GetTransactionResponse'>): TransactionShape {
  return { chainId, native: full.nativeTransaction, full };
}

builder.objectFields(TokenContract, (t) => ({
  contract: t.field({
    type: Contract,
    nullable: true,
    description:
      'The Data API\'s record of this contract (`GET /v1/chains/{chainId}/addresses/{address}`): its standard, profile and deployment; null when it knows none.',
    extensions: CONTRACT_GUARD,
    resolve: (token, _, ctx) => contractAt(ctx, token.chainId, token.address),
  }),
  deployment: t.field({
    type: Transaction,
    nullable: true,
    description:
      'The transaction that deployed this contract (`GET .../contracts/{address}/transactions:getDeployment`); null when the Data API knows none (e.g. a contract present since genesis).',
    args: {
      currency: t.arg({ type: Currency, required: false, description: 'Currency of the native token\'s prices in the answer; the Data API\'s default (USD) when omitted.' }),
    },
    extensions: { ...fieldGuard({ upstreamCost: 1 }), ...serves('data:getDeploymentTransaction') },
    resolve: async (contract, args, ctx) => {
      const full = await ctx.upstreams.dataApi.evmTransactions.getDeploymentTransaction(contract.chainId, upstreamAddress(contract.address), {
        currency: args.currency ?? undefined,
      });
      if (!full) return null;
      const tx = deploymentShape(contract.chainId, full);
      // Priced in the default currency, it is the record a read by hash gives: later reads of it cost nothing.
      if (args.currency == null) Transaction.getDataloader(ctx).prime(txKey(contract.chainId, full.nativeTransaction.txHash), tx);
      return tx;
    },
  }),
}));
