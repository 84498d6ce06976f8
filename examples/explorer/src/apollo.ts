/**
 * Apollo Client over the gateway at this page's own origin: queries over HTTP (`/graphql`),
 * the subscription over graphql-ws on the same path, and the cache configured by the generated kit
 * (clients/apollo.ts) as the README's Clients section shows.
 */
import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { OperationTypeNode } from 'graphql';
import { createClient } from 'graphql-ws';
import { possibleTypes, typePolicies } from '../../../clients/apollo.js';

const http = new HttpLink({ uri: '/graphql' });
const ws = new GraphQLWsLink(createClient({ url: `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`, lazy: true }));

export const client = new ApolloClient({
  link: ApolloLink.split(({ operationType }) => operationType === OperationTypeNode.SUBSCRIPTION, ws, http),
  cache: new InMemoryCache({ possibleTypes, typePolicies }),
});
