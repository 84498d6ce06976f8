/** A chain's latest blocks: the first page by query, then each new block as `blockAdded` brings it. */
import { useQuery, useSubscription } from '@apollo/client/react';
import { useState } from 'react';
import { BlockAddedDocument, LatestBlocksDocument, type BlockRowFragment } from '../gql/graphql.js';
import { Link } from '../router.js';
import { ErrorMessage, Loading, Short, time } from '../status.js';

const SHOWN = 10;

export function BlocksPage({ chainId }: { chainId: string }) {
  const { data, error } = useQuery(LatestBlocksDocument, { variables: { chainId, first: SHOWN } });
  const [live, setLive] = useState<BlockRowFragment[]>([]);
  const sub = useSubscription(BlockAddedDocument, {
    variables: { chainId },
    onData: ({ data: event }) => {
      const block = event.data?.blockAdded;
      if (block) setLive((blocks) => [block, ...blocks].slice(0, SHOWN));
    },
  });
  if (error) return <ErrorMessage error={error} />;
  if (!data) return <Loading />;
  if (!data.chain) return <p>No chain {chainId}.</p>;
  const loaded = data.chain.blocks?.edges.map((e) => e.node) ?? [];
  const seen = new Set(live.map((b) => b.id));
  const blocks = [...live, ...loaded.filter((b) => !seen.has(b.id))].slice(0, SHOWN);
  return (
    <section>
      <h1>Latest blocks of {data.chain.chainName}</h1>
      <p className="loading">{sub.error ? <ErrorMessage error={sub.error} /> : 'Live: new blocks appear as they are mined.'}</p>
      <table>
        <thead>
          <tr><th>Block</th><th>Hash</th><th>Time (UTC)</th><th>Transactions</th></tr>
        </thead>
        <tbody>
          {blocks.map((b) => (
            <tr key={b.id} data-block={b.number}>
              <td><Link to={`/block/${b.chainId}/${b.number}`}>{b.number}</Link></td>
              <td><Short value={b.hash} /></td>
              <td>{time(b.timestamp)}</td>
              <td>{b.txCount}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
