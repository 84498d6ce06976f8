/** The primary network's active validators (a validator id is its node and validation period), a page at a time ("Load more": fetchMore after the last cursor). */
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { ValidatorsDocument } from '../gql/graphql.js';
import { ErrorMessage, Loading, Short } from '../status.js';

const PAGE = 10;

export function ValidatorsPage() {
  const { data, error, fetchMore } = useQuery(ValidatorsDocument, { variables: { first: PAGE } });
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState<Error>();
  if (error) return <ErrorMessage error={error} />;
  if (!data) return <Loading />;
  const list = data.network.validatorList;
  const loadMore = async () => {
    setLoading(true);
    try {
      setFailed((await fetchMore({ variables: { after: list?.pageInfo.endCursor } })).error);
    } catch (caught) {
      setFailed(caught as Error);
    }
    setLoading(false);
  };
  return (
    <section>
      <h1>Active validators of the primary network</h1>
      <table>
        <thead>
          <tr><th>Node</th><th>Staked (nAVAX)</th><th>Delegation fee (%)</th><th>Uptime (%)</th></tr>
        </thead>
        <tbody>
          {list?.edges.map(({ node: v }) => (
            <tr key={v.id} data-validator={v.nodeId}>
              <td><Short value={v.nodeId} /></td>
              <td>{v.amountStaked ?? '—'}</td>
              <td>{v.delegationFee ?? '—'}</td>
              <td>{v.uptimePerformance ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {failed && <ErrorMessage error={failed} />}
      {list?.pageInfo.hasNextPage && <button onClick={loadMore} disabled={loading}>{loading ? 'Loading…' : 'Load more'}</button>}
    </section>
  );
}
