import { describe, expect, it } from 'vitest';
import { chainEndpoints } from '../../src/upstream/node-rpc/endpoints.js';

const NODES = { mainnet: 'https://api.avax.network', fuji: 'https://api.avax-test.network' };
const L1 = { chainId: '779672', isTestnet: false, platformChainId: '2K33xS9AyP9oCDiHYKVrHe7F54h2La5D8erpTChaAhdzeSu2RX', rpcUrl: 'https://subnets.example.com/arcade/mainnet/rpc' };

describe('where a chain\'s node answers', () => {
  it('sends the C-Chain to the configured node of its network, whatever its record says', () => {
    const fuji = { chainId: '43113', isTestnet: true, platformChainId: 'yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp', rpcUrl: 'https://elsewhere.example.com/rpc' };
    const endpoints = chainEndpoints(fuji, NODES, new Map());
    expect(endpoints.rpc).toMatchObject({ url: 'https://api.avax-test.network/ext/bc/C/rpc', target: 'node-rpc-fuji' });
    expect(typeof endpoints.validators).toBe('string');
  });

  it('sends an L1 to the rpcUrl of its record, with its validators beside it', () => {
    const endpoints = chainEndpoints(L1, NODES, new Map());
    expect(endpoints.rpc).toEqual({ url: L1.rpcUrl, template: '{chainRpcUrl}', target: 'chain-779672' });
    expect(endpoints.validators).toMatchObject({ url: 'https://subnets.example.com/arcade/mainnet/validators' });
  });

  it('lets CHAIN_RPC_URLS win, by EVM chain id or by blockchain id', () => {
    const byId = chainEndpoints(L1, NODES, new Map([['779672', { rpc: 'http://10.0.0.5:9650/ext/bc/x/rpc' }]]));
    expect(byId.rpc).toMatchObject({ url: 'http://10.0.0.5:9650/ext/bc/x/rpc' });
    expect(byId.validators).toMatchObject({ url: 'http://10.0.0.5:9650/ext/bc/x/validators' });
    const byBlockchain = chainEndpoints(L1, NODES, new Map([[L1.platformChainId, { rpc: 'http://node:8545', validators: 'http://node:9650/v' }]]));
    expect(byBlockchain.rpc).toMatchObject({ url: 'http://node:8545' });
    expect(byBlockchain.validators).toMatchObject({ url: 'http://node:9650/v' });
  });

  it('says why there is no endpoint when the record has no usable URL', () => {
    for (const rpcUrl of [undefined, '', 'not a url', 'wss://x.example.com/ws', 'https://user:pw@x.example.com/rpc']) {
      const endpoints = chainEndpoints({ ...L1, rpcUrl }, NODES, new Map());
      expect(endpoints.rpc).toBe('chain 779672 has no usable rpcUrl in its Data API record; an operator can set one in CHAIN_RPC_URLS');
    }
  });
});
