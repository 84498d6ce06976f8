/**
 * XChain: the X-Chain of a network as its node serves it (`avm.*` on `/ext/bc/X`), reached as
 * `Network.xChain`. The other files of this folder add its fields.
 */
import { builder } from '../../builder.js';
import type { NetworkKey } from '@avalanche-graph/identity';
import type { XTxFee } from '../../upstream/node-rpc/xchain.js';
import { networkKey } from '../common/network-names.js';
import { Network } from '../network/network.js';

import { typeGuard } from '../common/guards.js';

export interface XChainShape {
  network: NetworkKey;
}

export const XChain = builder.objectRef<XChainShape>('XChain');

export const XChainTxFee = builder.objectRef<XTxFee>('XChainTxFee').implement({
  description: 'The X-Chain\'s static fees, in nAVAX.',
  fields: (t) => ({
    txFee: t.expose('txFee', { type: 'BigInt', nullable: true, description: 'Fee of an ordinary transaction.' }),
    createAssetTxFee: t.expose('createAssetTxFee', { type: 'BigInt', nullable: true, description: 'Fee of a transaction that creates an asset.' }),
  }),
});

XChain.implement({
  // Each field is one node call (or a share of one); the estimate counts one.
  extensions: typeGuard({ fieldUpstreamCost: 1 }),
  description:
    'The X-Chain (exchange chain) of a network, read from the network\'s node: blocks, transactions, assets, balances and UTXOs. Fields are null, with an error, when the node fails.',
  fields: (t) => ({
    height: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'Height of the last accepted block (`avm.getHeight`).',
      resolve: (x, _, ctx) => ctx.upstreams.nodeRpc.xChain(x.network).getHeight(),
    }),
    txFee: t.field({
      type: XChainTxFee,
      nullable: true,
      description: 'The static transaction fees (`avm.getTxFee`).',
      resolve: (x, _, ctx) => ctx.upstreams.nodeRpc.xChain(x.network).getTxFee(),
    }),
  }),
});

builder.objectFields(Network, (t) => ({
  xChain: t.field({
    type: XChain,
    description: 'The network\'s X-Chain, from its node (AvalancheGo `avm.*`).',
    resolve: (n) => ({ network: networkKey(n.name) }),
  }),
}));
