/** What a page shows while it loads, and an error as the gateway told it (message and code). */
import { CombinedGraphQLErrors, type ErrorLike } from '@apollo/client';

export const Loading = () => <p className="loading">Loading…</p>;

export function ErrorMessage({ error }: { error: ErrorLike }) {
  const lines = CombinedGraphQLErrors.is(error)
    ? error.errors.map((e) => `${e.message}${e.extensions?.code ? ` (${String(e.extensions.code)})` : ''}`)
    : [error.message];
  return (
    <div className="error" role="alert">
      <strong>The gateway could not answer:</strong>
      <ul>
        {lines.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ul>
    </div>
  );
}

/** A shortened hash or address, whole on hover. */
export const Short = ({ value }: { value: string }) => (
  <span className="mono" title={value}>
    {value.length > 18 ? `${value.slice(0, 10)}…${value.slice(-6)}` : value}
  </span>
);

export const time = (seconds: number) => new Date(seconds * 1000).toISOString().replace('T', ' ').slice(0, 19);
