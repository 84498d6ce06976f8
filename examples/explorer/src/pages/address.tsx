/**
 * An address: its balances and its history, one page at a time. "Load more" asks for the history
 * alone after the last cursor (one upstream page); the generated relayStylePagination appends it
 * to the cached list, and the page's query re-renders with both.
 */
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { AddressHistoryDocument, AddressPageDocument } from '../gql/graphql.js';
import { Link } from '../router.js';
import { ErrorMessage, Loading, Short, time } from '../status.js';

/** The Data API's page: one upstream call per page. */
const PAGE = 10;

export function AddressPage({ chainId, address }: { chainId: string; address: string }) {
  // errorPolicy 'all': a failing upstream fails only its fields (the gateway's rule), so the page
  // keeps what did load and says what did not.
  const { data, error, fetchMore } = useQuery(AddressPageDocument, { variables: { chainId, address, first: PAGE }, errorPolicy: 'all' });
  const [more, setMore] = useState<{ loading: boolean; error?: Error }>({ loading: false });
  if (!data) return error ? <ErrorMessage error={error} /> : <Loading />;
  const account = data.chain?.address;
  if (!account) return <p>No chain {chainId}.</p>;
  const history = account.history;
  const loadMore = async () => {
    setMore({ loading: true });
    try {
      const variables = { chainId, address, first: PAGE, after: history?.pageInfo.endCursor };
      const { error: failed } = await fetchMore({ query: AddressHistoryDocument, variables });
      setMore({ loading: false, error: failed });
    } catch (caught) {
      setMore({ loading: false, error: caught as Error });
    }
  };
  return (
    <section>
      <h1>Address <span className="mono">{account.address}</span> on {data.chain!.chainName}</h1>
      <h2>Balances</h2>
      <ul>
        {account.nativeBalance && (
          <li>{account.nativeBalance.balance} (10^-{account.nativeBalance.decimals}) {account.nativeBalance.symbol}</li>
        )}
        {account.erc20Balances?.edges.map(({ node }) => (
          <li key={node.token.id}>{node.balance} (10^-{node.token.decimals}) {node.token.symbol} <Short value={node.token.address} /></li>
        ))}
      </ul>
      {error && <ErrorMessage error={error} />}
      <h2>History</h2>
      <table>
        <thead>
          <tr><th>Transaction</th><th>Block</th><th>Time (UTC)</th><th>From</th><th>To</th><th>Value (wei)</th></tr>
        </thead>
        <tbody>
          {history?.edges.map(({ node: { transaction: tx } }) => (
            <tr key={tx.id} data-history={tx.hash}>
              <td><Short value={tx.hash} /></td>
              <td><Link to={`/block/${chainId}/${tx.blockNumber}`}>{tx.blockNumber}</Link></td>
              <td>{time(tx.blockTimestamp)}</td>
              <td><Short value={tx.from.address} /></td>
              <td>{tx.to ? <Short value={tx.to.address} /> : '—'}</td>
              <td>{tx.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {more.error && <ErrorMessage error={more.error} />}
      {history?.pageInfo.hasNextPage && (
        <button onClick={loadMore} disabled={more.loading}>{more.loading ? 'Loading…' : 'Load more'}</button>
      )}
    </section>
  );
}
