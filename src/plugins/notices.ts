import { isAsyncIterable, type Plugin } from 'graphql-yoga';
import type { Context } from '../context.js';
import { noticeDelivery, type IncrementalPayload } from '../schema/common/notices.js';

/**
 * Puts the operation's notices (fields left null on purpose, see schema/common/notices.ts) in
 * `extensions.notices`; in an incremental answer, each with the payload that delivers its field.
 */
export function useNotices(): Plugin<Context> {
  return {
    onExecute() {
      return {
        onExecuteDone({ args, result, setResult }) {
          const notices = (args.contextValue as Context).notices;
          if (!notices || !result) return;
          if (isAsyncIterable(result)) {
            const deliver = noticeDelivery(notices);
            return { onNext: ({ result: payload, setResult: setPayload }) => setPayload(deliver(payload as IncrementalPayload) as typeof payload) };
          }
          if (notices.length) setResult({ ...result, extensions: { ...result.extensions, notices } });
        },
      };
    },
  };
}

