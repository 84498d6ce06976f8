/** The explorer: a header of links and the page the path names. */
import { ApolloProvider } from '@apollo/client/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { client } from './apollo.js';
import { AddressPage } from './pages/address.js';
import { BlockPage } from './pages/block.js';
import { BlocksPage } from './pages/blocks.js';
import { ValidatorsPage } from './pages/validators.js';
import { Link, match, usePath } from './router.js';

/** The C-Chain, the chain the home page shows. */
const HOME_CHAIN = '43114';

function Page({ path }: { path: string }) {
  let m: Record<string, string> | null;
  if (path === '/') return <BlocksPage chainId={HOME_CHAIN} />;
  if ((m = match('/chain/:chainId', path))) return <BlocksPage key={m.chainId} chainId={m.chainId!} />;
  if ((m = match('/block/:chainId/:number', path))) return <BlockPage chainId={m.chainId!} number={m.number!} />;
  if ((m = match('/address/:chainId/:address', path))) return <AddressPage key={path} chainId={m.chainId!} address={m.address!} />;
  if (path === '/validators') return <ValidatorsPage />;
  return <p>Nothing at {path}. <Link to="/">Latest blocks</Link></p>;
}

function App() {
  const path = usePath();
  return (
    <>
      <nav>
        <Link to="/">Latest blocks</Link>
        <Link to="/validators">Validators</Link>
      </nav>
      <Page path={path} />
    </>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ApolloProvider client={client}>
      <App />
    </ApolloProvider>
  </StrictMode>,
);
