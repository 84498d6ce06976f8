import type { Plugin } from 'graphql-yoga';
import type { Context } from '../context.js';

/**
 * A subscription holds its admission slot only until its stream starts (the live hub bounds open
 * streams: MAX_SUBSCRIPTIONS, MAX_SUBSCRIPTIONS_PER_CLIENT); its events run in contexts of their own.
 */
export function useSubscriptionAdmission(): Plugin<Context> {
  return {
    onSubscribe({ args }) {
      (args.contextValue as Context).ticket?.release();
    },
  };
}

