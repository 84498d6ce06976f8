/** Starts the gateway against the services configured in the environment. */
import { ConfigError, loadConfig } from './config/index.js';
import { closeOnSignals, reloadOnHangup, startServer } from './http/server.js';

try {
  const config = loadConfig();
  const running = await startServer(config, undefined, { settleHeap: true });
  running.logger.info(`gateway listening: GraphiQL at ${running.url}`);
  // SIGTERM (an orchestrator's stop) first leaves the load balancer's rotation; SIGINT (Ctrl-C) closes at once.
  closeOnSignals((signal) => (signal === 'SIGTERM' ? running.drain() : running.close()), running.logger);
  // SIGHUP reads the trusted documents, consumers and plans again; without any, it is left as Node treats it.
  const callerFiles = config.authConsumers || config.authPlans ? running.callers : undefined;
  if (running.trustedDocuments || callerFiles) reloadOnHangup(running.trustedDocuments, callerFiles);
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`Configuration error: ${error.message}\n`);
    process.exit(2);
  }
  throw error;
}
