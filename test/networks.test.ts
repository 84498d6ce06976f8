/**
 * A network is one entry of the identity package's NETWORKS table: the gateway derives its
 * `NetworkName` values and its `NODE_RPC_URL_<KEY>` variable from the table (shown here with a third,
 * made-up network), and the sandbox its node. What cannot be derived, the sandbox's hand-written
 * world data, is asked for by the compiler (its tables are keyed by every network) and checked
 * here network by network, so a missing piece fails naming the network.
 */
import { NETWORK_KEYS, NETWORK_VALUES, NETWORKS, type NetworkIdentity } from '@avalanche-graph/identity';
import { C_CHAIN_UPGRADES, createWorld, DEFAULT_SEED, nodeServiceName, nodeUrlName, startSandbox, upstreamVariables } from '@avalanche-graph/sandbox';
import { getNamedType, type GraphQLEnumType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { loadConfig, nodeRpcVariables } from '../src/config/index.js';
import { networkAliases, networkNameDescriptions } from '../src/schema/common/network-names.js';
import { schema } from '../src/schema/index.js';

/** NETWORKS with a third network, as an entry would add one. */
const WITH_DEVNET = {
  ...NETWORKS,
  devnet: {
    key: 'devnet',
    networkId: 12345,
    hrp: 'custom',
    blockchainIds: NETWORKS.fuji.blockchainIds,
    cChainEvmId: '43112',
    names: { devnet: 'A local test network.', localnet: 'The local network under another name; same data as DEVNET.' },
    type: 'testnet',
    label: 'devnet',
    apiNode: 'https://devnet.example.com',
  },
} as const satisfies Record<string, NetworkIdentity>;

describe('a network added to the identity table', () => {
  it('has its NODE_RPC_URL_<KEY> variable, after the others, defaulting to its API node and read from the environment', () => {
    const variables = nodeRpcVariables(WITH_DEVNET);
    expect(Object.keys(variables)).toEqual([...NETWORK_KEYS.map((key) => `NODE_RPC_URL_${key.toUpperCase()}`), 'NODE_RPC_URL_DEVNET']);
    const devnet = variables.NODE_RPC_URL_DEVNET;
    expect(devnet.default).toBe('`https://devnet.example.com`');
    expect(devnet.meaning).toBe(`The devnet AvalancheGo API node, as \`NODE_RPC_URL_${NETWORK_KEYS[0]!.toUpperCase()}\`.`);
    expect(devnet.key).toBeNull();
    expect(devnet.read({}, 'NODE_RPC_URL_DEVNET')).toBe('https://devnet.example.com');
    expect(devnet.read({ NODE_RPC_URL_DEVNET: 'http://127.0.0.1:9650' }, 'NODE_RPC_URL_DEVNET')).toBe('http://127.0.0.1:9650');
  });

  it('has its names in the NetworkName enum, described, and its alias among the aliases', () => {
    const described = networkNameDescriptions(WITH_DEVNET);
    expect(Object.keys(described)).toEqual([...NETWORK_VALUES.map((value) => value.toUpperCase()), 'DEVNET', 'LOCALNET']);
    expect(described.DEVNET).toBe('A local test network.');
    expect(networkAliases(WITH_DEVNET)).toContainEqual({ name: 'LOCALNET', value: 'localnet', of: 'DEVNET' });
  });
});

describe('every network of the identity table', () => {
  it('is a NetworkName value of the schema, and each of its names too, described as the table says', () => {
    const values = (getNamedType(schema.getType('NetworkName')!) as GraphQLEnumType).getValues();
    // In any order: the schema lists them by name.
    expect(values.map((v) => v.name).sort()).toEqual(NETWORK_VALUES.map((value) => value.toUpperCase()).sort());
    for (const value of values) expect(value.description, value.name).toBe(networkNameDescriptions(NETWORKS)[value.name]);
  });

  it('has an API node the gateway calls, configurable by its own variable', () => {
    const config = loadConfig({});
    for (const key of NETWORK_KEYS) expect(config.nodeRpcUrl[key], key).toBe(NETWORKS[key].apiNode);
    const set = loadConfig(Object.fromEntries(NETWORK_KEYS.map((key, i) => [`NODE_RPC_URL_${key.toUpperCase()}`, `http://127.0.0.1:${9650 + i}`])));
    expect(NETWORK_KEYS.map((key) => set.nodeRpcUrl[key])).toEqual(NETWORK_KEYS.map((_, i) => `http://127.0.0.1:${9650 + i}`));
  });

  it('has a node in the sandbox, which the sandbox hands a gateway as its NODE_RPC_URL_<KEY>', async () => {
    const sandbox = await startSandbox({ listen: false });
    try {
      const variables = upstreamVariables(sandbox.urls);
      for (const key of NETWORK_KEYS) {
        expect(sandbox.services[nodeServiceName(key)], key).toBeDefined();
        expect(variables[`NODE_RPC_URL_${key.toUpperCase()}`], key).toBe(sandbox.urls[nodeUrlName(key)]);
        expect(sandbox.serviceAt(sandbox.urls[nodeUrlName(key)]), key).toBe(sandbox.services[nodeServiceName(key)]);
      }
    } finally {
      await sandbox.close();
    }
  });

  it("has the sandbox world's hand-written data: its C-Chain and L1s, its C-Chain upgrades, its primary network", () => {
    const world = createWorld(DEFAULT_SEED);
    for (const key of NETWORK_KEYS) {
      const cChain = world.chains.find((chain) => chain.network === key && chain.isCChain);
      expect(cChain?.info.chainId, `${key}: a C-Chain in packages/sandbox/src/world/chains.ts`).toBe(NETWORKS[key].cChainEvmId);
      expect(cChain?.info.description, `${key}: the C-Chain's description`).toBeTruthy();
      expect(C_CHAIN_UPGRADES[key], `${key}: C_CHAIN_UPGRADES in packages/sandbox/src/world/evm/upgrades.ts`).toBeDefined();
      expect(world.primary.networks[key].avaxAssetId, `${key}: AVAX_ASSET_IDS in packages/sandbox/src/world/primary/constants.ts`).toBeTruthy();
    }
  });
});
