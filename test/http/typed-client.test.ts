/**
 * A typed client end to end: the example urql client (examples/wallet-client.ts), with the types
 * codegen made for it, loads the wallet page from the gateway in front of the sandbox.
 */
import { describe, expect, it } from 'vitest';
import { loadWalletPage, walletClient } from '../../examples/wallet-client.js';
import { useSocketHarness } from '../support/harness.js';

const { h } = useSocketHarness();

describe('the example typed client', () => {
  it('loads the wallet page with exact amounts and typed timestamps', async () => {
    const chain = h.sandbox.world.evm.chain(43114)!;
    const address = chain.wallets[0]!;
    const page = await loadWalletPage(walletClient(h.url), '43114', address);
    expect(page).not.toBeNull();
    expect(page!.chainName).toBe(h.sandbox.world.chains.find((c) => c.evmChainId === 43114)!.info.chainName);
    expect(page!.balance).toBe(chain.nativeBalance(address));
    expect(page!.transactions.length).toBeGreaterThan(0);
    for (const tx of page!.transactions) {
      expect(tx.hash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(tx.at.getTime()).toBeGreaterThan(Date.UTC(2020, 0, 1));
      expect(typeof tx.value).toBe('bigint');
    }
  });

  it('surfaces the gateway\'s typed errors', async () => {
    await expect(loadWalletPage(walletClient(h.url), '43114', 'not-an-address')).rejects.toMatchObject({
      graphQLErrors: [expect.objectContaining({ extensions: expect.objectContaining({ code: 'BAD_USER_INPUT', argument: 'address' }) })],
    });
  });
});
