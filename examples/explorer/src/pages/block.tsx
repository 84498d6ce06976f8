/** One block with its transactions; each sender and recipient links to its address page. */
import { useQuery } from '@apollo/client/react';
import { BlockPageDocument } from '../gql/graphql.js';
import { Link } from '../router.js';
import { ErrorMessage, Loading, Short, time } from '../status.js';

export function BlockPage({ chainId, number }: { chainId: string; number: string }) {
  const { data, error } = useQuery(BlockPageDocument, { variables: { chainId, number } });
  if (error) return <ErrorMessage error={error} />;
  if (!data) return <Loading />;
  const block = data.chain?.block;
  if (!block) return <p>No block {number} on chain {chainId}.</p>;
  const address = (a: { address: string } | null | undefined) =>
    a ? <Link to={`/address/${chainId}/${a.address}`}><Short value={a.address} /></Link> : '—';
  return (
    <section>
      <h1>Block {block.number} of {data.chain!.chainName}</h1>
      <dl>
        <dt>Hash</dt><dd className="mono">{block.hash}</dd>
        <dt>Parent</dt><dd><Link to={`/block/${chainId}/${BigInt(block.number) - 1n}`} className="mono">{block.parentHash}</Link></dd>
        <dt>Time (UTC)</dt><dd>{time(block.timestamp)}</dd>
        <dt>Gas used, base fee</dt><dd>{block.gasUsed}, {block.baseFee} wei</dd>
      </dl>
      <h2>{block.txCount} transactions</h2>
      <table>
        <thead>
          <tr><th>Hash</th><th>From</th><th>To</th><th>Value (wei)</th><th>Status</th></tr>
        </thead>
        <tbody>
          {block.transactions?.edges.map(({ node: tx }) => (
            <tr key={tx.id} data-tx={tx.hash}>
              <td><Short value={tx.hash} /></td>
              <td>{address(tx.from)}</td>
              <td>{address(tx.to)}</td>
              <td>{tx.value}</td>
              <td>{tx.status}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
